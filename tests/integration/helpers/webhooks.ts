import { createHmac, timingSafeEqual } from "node:crypto";
import { expect } from "vitest";
import { appPerFile, type client, type TestApp } from "./app";
import { addMember, type Business } from "./parties";
import { afterClock } from "./responses";
import { receiverPerFile } from "./webhook-receiver";

/** A legacy endpoint's check (decision 077), as the docs' legacy section gives it: HMAC-SHA-256 of `${t}.${body}`. */
export function verifySignature(secret: string, header: string, body: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=") as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds || !parts.v1) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}

/** The check the docs give for rotation: any v1 entry of the header may match. */
export function verifyAnySignature(secret: string, header: string, body: string): boolean {
  const entries = header.split(",").map((p) => p.split("=") as [string, string]);
  const t = entries.find(([k]) => k === "t")?.[1] ?? "";
  return entries.filter(([k]) => k === "v1").some(([, v1]) => verifySignature(secret, `t=${t},v1=${v1}`, body));
}

export type Endpoint = {
  id: number;
  secret: string;
  url: string;
  events: string[];
  signatureScheme: "standard" | "legacy";
  legacySignaturesUntil: string | null;
  previousSecretExpiresAt: string | null;
};
export type Delivery = {
  id: number;
  endpointId: number;
  trigger: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  eventType: string;
  eventId: string;
};

/**
 * The app of one webhooks.*.test.ts file (retries come due after 300 ms, so a retry is seen within
 * the test), its local receiver, and the endpoint calls its tests share.
 */
export function webhooksFile() {
  const app = appPerFile({ WEBHOOK_RETRY_BASE_MS: "300" });

  const receiver = receiverPerFile();

  async function register(c: ReturnType<typeof client>, businessId: number, events: string[], path = "/hook") {
    const res = await c.post("/api/webhooks", { businessId, url: receiver.url(path), events, description: "CRM" });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Endpoint;
  }

  async function deliveries(c: ReturnType<typeof client>, endpointId: number) {
    const res = await c.get(`/api/webhooks/${endpointId}/deliveries`);
    expect(res.status).toBe(200);
    return (await res.json()) as Delivery[];
  }

  /** `owner`'s new endpoint at `path` whose one delivery (`invitee` added to the team) has succeeded, with that delivery. */
  async function deliveredOnce(owner: Business, path: string, invitee: { name: string; email: string }) {
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], path);
    await addMember(owner.client, owner.business.id, { ...invitee, role: "member" });
    await afterClock(app, async () => (await deliveries(owner.client, endpoint.id))[0]?.status === "succeeded");
    const [delivery] = await deliveries(owner.client, endpoint.id);
    return { endpoint, delivery };
  }

  return { app, receiver, register, deliveries, deliveredOnce };
}

/** POST /api/webhooks as the business's owner: the raw answer, for tests of what registering does or refuses. */
export const postEndpoint = (owner: Business, url: string, events: string[]) =>
  owner.client.post("/api/webhooks", { businessId: owner.business.id, url, events });

/** Posts a form of the API & Webhooks screen about one endpoint, as the page does. */
export const endpointForm = (owner: Business, endpointId: number, fields: Record<string, string>) =>
  owner.client.form(`/business/api?endpoint=${endpointId}`, { endpointId: String(endpointId), ...fields });

/** The API & Webhooks screen opened at one endpoint, as HTML. */
export const endpointPage = async (owner: Business, endpointId: number) =>
  (await owner.client.get(`/business/api?endpoint=${endpointId}`)).text();

/** An endpoint row written straight to the database, as one stored before the URL rules tightened. */
export async function plantEndpoint(target: TestApp, owner: Business, url: string, events = ["team_member.added"]) {
  await target.query(
    "insert into webhook_endpoints (business_id, url, description, events, secret, created_by_user_id, created_at) values (?, ?, null, ?, ?, ?, ?)",
    owner.business.id,
    url,
    JSON.stringify(events),
    "whsec_planted",
    owner.user.id,
    Date.now(),
  );
  const [row] = await target.query<{ id: number }>(
    "select max(id) as id from webhook_endpoints where business_id = ?",
    owner.business.id,
  );
  return row?.id ?? 0;
}
