import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appPerFile, startApp, type TestApp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { type Client, refer } from "./helpers/marketplace";
import { addMember, type Business, newBusiness, newConnector } from "./helpers/parties";

/**
 * Issue 15, finding 9: someone else's row and a row that does not exist answer alike (status and
 * body), so ids cannot be probed; and Server-Timing, which counted the round trips that told them
 * apart, is sent only in development.
 */
const app = appPerFile();
const UNKNOWN = 987_654;

let stranger: Business;
let other: Business;
const ids = { referral: 0, endpoint: 0, apiKey: 0, member: 0, invitation: 0, delivery: 0 };
/** The other owner's session, by its public id (issue 32, N7: decision 107). */
let otherSession = "";

async function created(c: Client, path: string, body: unknown) {
  const res = await c.post(path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

beforeAll(async () => {
  stranger = await newBusiness(app);
  other = await newBusiness(app);
  const connector = await newConnector(app);
  ids.endpoint = await created(other.client, "/api/webhooks", {
    businessId: other.business.id,
    url: "https://hooks.example.com/other",
    events: ["referral.created"],
  });
  ids.referral = (await refer(connector.client, other.business.id)).referral.id;
  ids.apiKey = await created(other.client, "/api/api-keys", {
    name: "Other's key",
    scopes: ["referrals:read"],
    businessId: other.business.id,
  });
  const joined = await newConnector(app);
  await app.query(
    "insert into team_members (business_id, user_id, name, email, role) values (?, ?, 'Joined Member', ?, 'member')",
    other.business.id,
    joined.user.id,
    joined.payload.email,
  );
  const [member] = await app.query<{ id: number }>("select id from team_members where user_id = ?", joined.user.id);
  ids.member = member?.id ?? 0;
  ids.invitation = (
    await addMember(other.client, other.business.id, {
      name: "Pending Person",
      email: "pending-uniform@example.com",
      role: "member",
    })
  ).id;
  const [delivery] = await app.query<{ id: number }>("select id from webhook_deliveries where endpoint_id = ?", ids.endpoint);
  ids.delivery = delivery?.id ?? 0;
  const [session] = await app.query<{ public_id: string }>("select public_id from sessions where user_id = ?", other.user.id);
  otherSession = session?.public_id ?? "";
  if (!otherSession) throw new Error("fixture session missing");
  for (const [name, id] of Object.entries(ids)) if (!id) throw new Error(`fixture ${name} missing`);
});

/** A probe is named by its method and route; `{id}` in the route takes the other business's id, then an unknown one. */
type Probe = [name: string, id: () => number | string, body?: unknown];
const probes: Probe[] = [
  ["DELETE /api/auth/sessions/{id}", () => otherSession],
  ["GET /api/referrals/{id}", () => ids.referral],
  ["PATCH /api/referrals/{id}", () => ids.referral, { status: "approved" }],
  // Issue 33: the connector's moves before consent.
  ["POST /api/referrals/{id}/correction", () => ids.referral, { referredPersonEmail: "fixed@example.com" }],
  ["POST /api/referrals/{id}/resend", () => ids.referral],
  ["POST /api/referrals/{id}/withdraw", () => ids.referral],
  ["POST /api/referrals/{id}/confirmation", () => ids.referral, { decision: "confirm" }],
  ["GET /api/webhooks/{id}", () => ids.endpoint],
  ["DELETE /api/webhooks/{id}", () => ids.endpoint],
  ["GET /api/webhooks/{id}/deliveries", () => ids.endpoint],
  ["POST /api/webhook-deliveries/{id}/resend", () => ids.delivery],
  ["POST /api/webhooks/{id}/test", () => ids.endpoint],
  ["POST /api/webhooks/{id}/deliveries", () => ids.endpoint, { eventId: "evt_probe0000" }],
  ["DELETE /api/api-keys/{id}", () => ids.apiKey],
  ["DELETE /api/team-members/{id} (a member)", () => ids.member],
  ["DELETE /api/team-members/{id} (an invitation)", () => ids.invitation],
  ["POST /api/team-members/{id}/invitation", () => ids.invitation],
  ["GET /api/referrals/business/{id}", () => other.business.id],
  ["GET /api/team-members/business/{id}", () => other.business.id],
  ["PATCH /api/businesses/{id}", () => other.business.id, { companyName: "Taken Over" }],
];

const roundTrips = (timing: string | null) => /"(\d+) round trips/.exec(timing ?? "")?.[1] ?? "none";

async function answer(method: string, path: string, body?: unknown) {
  const res = await stranger.client.request(method, path, body);
  return { status: res.status, body: await res.text(), timing: res.headers.get("Server-Timing") };
}

describe("another business's row answers exactly like one that does not exist", () => {
  it.each(probes)("%s", async (name, id, body) => {
    const [method = "", route = ""] = name.split(" ");
    const path = (value: number | string) => route.replace("{id}", String(value));
    const theirs = await answer(method, path(id()), body);
    const none = await answer(method, path(UNKNOWN), body);
    expect(theirs.status).toBe(404);
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: none.status, body: none.body });
    // And after the same number of round trips (one scoped query), which development's
    // Server-Timing shows: the review counted 3 against 2.
    expect(roundTrips(theirs.timing)).toBe(roundTrips(none.timing));
  });

  it("leaves every probed row in place", async () => {
    const [counts] = await app.query<Record<string, number>>(
      `select (select count(*) from team_members where business_id = ?1) as team,
              (select count(*) from webhook_endpoints where id = ?2) as endpoints,
              (select count(*) from api_keys where id = ?3 and revoked_at is null) as keys,
              (select status from referrals where id = ?4) as status,
              (select count(*) from sessions where public_id = ?5) as sessions`,
      other.business.id,
      ids.endpoint,
      ids.apiKey,
      ids.referral,
      otherSession,
    );
    expect(counts).toEqual({ team: 2, endpoints: 1, keys: 1, status: "pending", sessions: 1 });
  });
});

describe("Server-Timing outside development", () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await startApp({ ENVIRONMENT: "production" });
  });
  afterAll(() => production?.dispose());

  it("is not sent on the API, on screens or to admins", async () => {
    const person = await newConnector(production);
    const admin = await newAdmin(production);
    for (const [c, path] of [
      [person.client, "/api/auth/me"],
      [person.client, `/api/referrals/${UNKNOWN}`],
      [person.client, "/"],
      [admin.client, "/admin"],
      [admin.client, "/api/admin/stats"],
    ] as const) {
      const res = await c.get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("Server-Timing"), path).toBeNull();
    }
  });

  it("is still sent in development (the benchmark reads it)", async () => {
    const person = await newConnector(app);
    const res = await person.client.get("/api/auth/me");
    expect(res.headers.get("Server-Timing")).toMatch(/^db;dur=\d+;desc="1 round trips, 1 statements"$/);
  });
});
