import { signedUp, type TestApp } from "./app";
import { giveConsent } from "./introductions";
import { refer } from "./marketplace";
import { addMember, type Business, type Connector, joinTeam, tokenHash } from "./parties";
import { plantedPayoutMethod } from "./payout-methods";
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

/**
 * Issue 38, part 5 (decision 194): A's referral to X that X rejected (A may dispute it), an open
 * dispute of another (X's to answer), and one X disagreed with (a platform admin's to decide).
 */
export function disputeFixtures(app: TestApp, x: Business, a: Connector) {
  const rejected = async () => {
    // The matrix makes many of A's referrals: A's hourly pace is not what these rows test.
    await app.query("delete from rate_limits where key like ?", `referral:connector:${a.connectorId}:%`);
    const { referral } = await refer(a.client, x.business.id);
    await giveConsent(app, referral.id);
    await json(await x.client.patch(`/api/referrals/${referral.id}`, { status: "rejected", rejectionReason: "not_a_fit" }), 200);
    return referral.id;
  };
  const dispute = async () =>
    (
      await json<{ id: number }>(
        await a.client.post(`/api/referrals/${await rejected()}/disputes`, {
          reason: "customer_signed",
          note: "They signed last week",
          claimedRevenue: 1000,
          claimedCurrency: "SGD",
        }),
        201,
      )
    ).id;
  const disagreedDispute = async () => {
    const id = await dispute();
    await json(await x.client.post(`/api/disputes/${id}/answer`, { answer: "disagree", note: "They did not" }), 200);
    return id;
  };
  return { rejected, dispute, disagreedDispute };
}

/** Fresh resources of X (or A) for cells whose allowed mutation would use up a shared one. */
export function freshResources(
  app: TestApp,
  { x, a, delivery, unique }: { x: Business; a: Connector; delivery: { id: number }; unique: () => string },
) {
  return {
    payoutMethodA: () => plantedPayoutMethod(app, a.connectorId),
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
    // X itself, once it owes A a payable SGD 1.00 more on a new referral (issue 38: a payout request
    // needs a payable balance, which earlier cells may have changed). Planted as world.ts plants one.
    xOwingA: async () => {
      const referralId = (await refer(a.client, x.business.id)).referral.id;
      const now = Date.now();
      await app.query(
        `insert into commissions (referral_id, connector_id, business_id, kind, status, currency, amount_minor, revenue_minor, cashback_basis_points, hold_days, payable_at, created_at)
         select id, connector_id, business_id, 'commission', 'payable', 'SGD', 100, 1000, 1000, 0, ?, ? from referrals where id = ?`,
        now,
        now,
        referralId,
      );
      return x.business.id;
    },
    ...disputeFixtures(app, x, a),
  };
}
