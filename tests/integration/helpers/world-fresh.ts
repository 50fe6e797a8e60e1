import { signedUp, type TestApp } from "./app";
import { refer } from "./marketplace";
import { addMember, type Business, type Connector, joinTeam, tokenHash } from "./parties";
import { HOOK_URL, plantedPayout } from "./world";

let invited = 0;
/**
 * A pending invitation to `x`, sent a minute ago (so a resend is not throttled), whose link token is
 * the seat's id as a string: the matrix's path templates carry ids only. Only tests plant such tokens.
 */
export async function invitedSeat(app: TestApp, x: Business) {
  invited += 1;
  const seat = await addMember(x.client, x.business.id, {
    name: "Invited Person",
    email: `invited_${Date.now().toString(36)}_${invited}@example.com`,
    role: "member",
  });
  await app.query(
    "update team_members set invitation_token_hash = ?, invitation_expires_at = invitation_expires_at - 61000 where id = ?",
    tokenHash(String(seat.id)),
    seat.id,
  );
  return seat.id;
}

/** A fixture request's JSON answer; anything but `status` fails the world's making. */
export async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`fixture request failed: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Fresh resources of X (or A) for cells whose allowed mutation would use up a shared one. */
export function freshResources(
  app: TestApp,
  { x, a, delivery, unique }: { x: Business; a: Connector; delivery: { id: number }; unique: () => string },
) {
  return {
    // A payout X recorded to A, to void (decision 187).
    payout: () => plantedPayout(app, x.business.id, a.connectorId),
    // A seat someone has joined (a pending invitation is revoked under other rules: team-api.invitations.test.ts).
    seat: async (role: "member" | "admin" = "member") =>
      (
        await joinTeam(app, x.client, x.business.id, await signedUp(app, { email: `spare_${unique()}@example.com` }), {
          name: "Spare Seat",
          role,
        })
      ).id,
    businessKeyId: async () =>
      (
        await json<{ id: number }>(
          await x.client.post("/api/api-keys", { name: "Spare", scopes: ["referrals:read"], businessId: x.business.id }),
          201,
        )
      ).id,
    personalKeyId: async () =>
      (await json<{ id: number }>(await a.client.post("/api/api-keys", { name: "Spare", scopes: ["referrals:read"] }), 201)).id,
    // One spare at a time: a business has at most 10 endpoints, and many cells each want a fresh one.
    webhook: async () => {
      await app.query("delete from webhook_endpoints where business_id = ? and url = ?", x.business.id, `${HOOK_URL}/spare`);
      return (
        await json<{ id: number }>(
          await x.client.post("/api/webhooks", {
            businessId: x.business.id,
            url: `${HOOK_URL}/spare`,
            events: ["referral.created"],
          }),
          201,
        )
      ).id;
    },
    // Another delivery of X's webhook (the same event again): resend is rationed per delivery.
    delivery: async () => {
      const [row] = await app.query<{ id: number }>(
        "insert into webhook_deliveries (event_id, endpoint_id, status, attempts, created_at) select event_id, endpoint_id, 'failed', 1, ? from webhook_deliveries where id = ? returning id",
        Date.now(),
        delivery.id,
      );
      if (!row) throw new Error("could not add a delivery");
      return row.id;
    },
    userId: async () => (await signedUp(app, { name: "Spare User" })).user.id,
    pendingSeat: () => invitedSeat(app, x),
    invitation: () => invitedSeat(app, x),
    // A's referral to X awaiting an answer: a correction, resend or withdrawal moves it on.
    awaiting: async () => (await refer(a.client, x.business.id)).referral.id,
  };
}
