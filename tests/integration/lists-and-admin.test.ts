import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client, type Person } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { referWithConsent } from "./helpers/introductions";
import type { Client } from "./helpers/marketplace";
import { type Business, type Connector, newBusiness, newConnector, newSeat } from "./helpers/parties";
import { errorOf, list } from "./helpers/responses";

const app = appPerFile();
let admin: Person, business: Business, teamMember: Person, connector: Connector, otherConnector: Connector;

beforeAll(async () => {
  admin = await newAdmin(app, { name: "Platform Admin" });
  business = await newBusiness(app, { companyName: "Listed Co" });
  teamMember = await newSeat(app, business, { name: "Lister", role: "member" });
  connector = await newConnector(app, { name: "Alpha Connector" });
  otherConnector = await newConnector(app, { name: "Beta Connector" });
  for (let i = 0; i < 3; i += 1) {
    const { referral } = await referWithConsent(app, connector.client, business.business.id);
    await business.client.patch(`/api/referrals/${referral.id}`, { status: "approved" });
  }
});

async function count(table: string, where = "1 = 1", ...params: unknown[]) {
  const [row] = await app.query<{ n: number }>(`select count(*) as n from ${table} where ${where}`, ...params);
  return row?.n ?? 0;
}

type Activity = {
  id: number;
  action: string;
  details: string | null;
  activityType: string;
  userId: number | null;
  businessId: number | null;
};

describe("GET /api/connectors", () => {
  it("is for platform admins only: 401 anonymous, 403 for anyone else", async () => {
    expect((await client(app).get("/api/connectors")).status).toBe(401);
    for (const c of [connector.client, business.client, teamMember.client]) {
      const res = await c.get("/api/connectors");
      expect(res.status).toBe(403);
      const text = await res.text();
      expect(text).not.toContain(otherConnector.payload.email);
    }
  });

  it("lists every connector profile with the total", async () => {
    const { status, body, total } = await list<{ id: number; userId: number; name: string; email: string | null }>(
      admin.client,
      "/api/connectors",
    );
    expect(status).toBe(200);
    const n = await count("connectors");
    expect(total).toBe(String(n));
    expect(body).toHaveLength(n);
    expect(body.find((c) => c.id === connector.connectorId)).toMatchObject({
      userId: connector.user.id,
      name: "Alpha Connector",
      email: connector.payload.email,
    });
    // A business-type account has no connector profile.
    expect(body.map((c) => c.userId)).not.toContain(business.user.id);
  });
});

describe("GET /api/connectors/user/{userId}", () => {
  it("shows the user's own profile and lets an admin see anyone's", async () => {
    const own = await connector.client.get(`/api/connectors/user/${connector.user.id}`);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: connector.connectorId, userId: connector.user.id, name: "Alpha Connector" });
    const byAdmin = await admin.client.get(`/api/connectors/user/${connector.user.id}`);
    expect(byAdmin.status).toBe(200);
    expect(await byAdmin.json()).toMatchObject({ id: connector.connectorId });
  });

  it("answers 404 for another user's profile and for a user without one", async () => {
    const res = await otherConnector.client.get(`/api/connectors/user/${connector.user.id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(connector.payload.email);
    const none = await business.client.get(`/api/connectors/user/${business.user.id}`);
    expect(none.status).toBe(404);
    expect((await errorOf(none)).message).toBe("Connector profile not found");
    expect((await admin.client.get("/api/connectors/user/999999")).status).toBe(404);
    expect((await client(app).get(`/api/connectors/user/${connector.user.id}`)).status).toBe(401);
  });
});

describe("GET /api/activity-logs", () => {
  it("is for platform admins only", async () => {
    expect((await client(app).get("/api/activity-logs")).status).toBe(401);
    for (const c of [connector.client, business.client]) expect((await c.get("/api/activity-logs")).status).toBe(403);
  });

  it("lists the platform's activity newest first with the total, and honours limit", async () => {
    const n = await count("activity_logs");
    const all = await list<Activity>(admin.client, "/api/activity-logs?limit=500");
    expect(all.status).toBe(200);
    expect(all.total).toBe(String(n));
    expect(all.body).toHaveLength(n);
    const ids = all.body.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(all.body.map((a) => a.activityType))).toEqual(
      new Set(["user_signup", "business_registered", "team_member_added", "referral_created", "referral_approved"]),
    );
    const limited = await list<Activity>(admin.client, "/api/activity-logs?limit=2");
    expect(limited.body.map((a) => a.id)).toEqual(ids.slice(0, 2));
    expect(limited.total).toBe(String(n));
  });

  it("searches action and details with q", async () => {
    const { body, total } = await list<Activity>(admin.client, "/api/activity-logs?q=Listed%20Co");
    expect(body.length).toBeGreaterThan(0);
    expect(total).toBe(String(body.length));
    for (const a of body) expect(`${a.action} ${a.details}`).toContain("Listed Co");
  });
});

describe("GET /api/activity-logs/user/{id} and /business/{id}", () => {
  it("shows a user's own activity and lets an admin see it; anyone else 404", async () => {
    const own = await list<Activity>(connector.client, `/api/activity-logs/user/${connector.user.id}`);
    expect(own.status).toBe(200);
    expect(own.body.length).toBe(await count("activity_logs", "user_id = ?", connector.user.id));
    expect(own.body.every((a) => a.userId === connector.user.id)).toBe(true);
    expect(own.body.map((a) => a.activityType).sort()).toEqual([
      "referral_created",
      "referral_created",
      "referral_created",
      "user_signup",
    ]);
    const byAdmin = await list<Activity>(admin.client, `/api/activity-logs/user/${connector.user.id}`);
    expect(byAdmin.body.map((a) => a.id)).toEqual(own.body.map((a) => a.id));
    const other = await otherConnector.client.get(`/api/activity-logs/user/${connector.user.id}`);
    expect(other.status).toBe(404);
    expect((await client(app).get(`/api/activity-logs/user/${connector.user.id}`)).status).toBe(401);
  });

  it("shows a business's activity to its owner, team and an admin; anyone else 404", async () => {
    const n = await count("activity_logs", "business_id = ?", business.business.id);
    expect(n).toBeGreaterThanOrEqual(8);
    for (const c of [business.client, teamMember.client, admin.client]) {
      const { status, body, total } = await list<Activity>(c, `/api/activity-logs/business/${business.business.id}`);
      expect(status).toBe(200);
      expect(total).toBe(String(n));
      expect(body.every((a) => a.businessId === business.business.id)).toBe(true);
    }
    for (const c of [connector.client, otherConnector.client]) {
      expect((await c.get(`/api/activity-logs/business/${business.business.id}`)).status).toBe(404);
    }
    expect((await admin.client.get("/api/activity-logs/business/999999")).status).toBe(404);
  });
});

describe("paging of every list", () => {
  /** Every list endpoint, with a caller allowed to read it. */
  function endpoints(): [string, () => Client][] {
    return [
      ["/api/businesses", () => connector.client],
      ["/api/connectors", () => admin.client],
      ["/api/referrals", () => admin.client],
      [`/api/referrals/connector/${connector.connectorId}`, () => connector.client],
      [`/api/referrals/business/${business.business.id}`, () => business.client],
      ["/api/activity-logs", () => admin.client],
      [`/api/activity-logs/user/${connector.user.id}`, () => connector.client],
      [`/api/activity-logs/business/${business.business.id}`, () => business.client],
      ["/api/notifications", () => connector.client],
      [`/api/team-members/business/${business.business.id}`, () => business.client],
    ];
  }

  it.each(["0", "501", "abc", "1.5", "-3", "1e9"].map((v) => [v]))("refuses limit=%s with 400 everywhere", async (limit) => {
    for (const [path, caller] of endpoints()) {
      const res = await caller().get(`${path}?limit=${limit}`);
      expect(res.status, path).toBe(400);
      const body = await errorOf(res);
      expect(body.errors?.limit, path).toBeDefined();
    }
  });

  it.each(["-1", "abc", "2.5"].map((v) => [v]))("refuses offset=%s with 400 everywhere", async (offset) => {
    for (const [path, caller] of endpoints()) {
      const res = await caller().get(`${path}?offset=${offset}`);
      expect(res.status, path).toBe(400);
      expect((await errorOf(res)).errors?.offset, path).toBeDefined();
    }
  });

  it("accepts limit=500, and a page past the end is empty with the full total", async () => {
    for (const [path, caller] of endpoints()) {
      const full = await list(caller(), `${path}?limit=500`);
      expect(full.status, path).toBe(200);
      expect(full.total, path).toBe(String(full.body.length));
      expect(full.body.length, path).toBeGreaterThan(0);
      const one = await list(caller(), `${path}?limit=1&offset=${full.body.length - 1}`);
      expect(one.body, path).toEqual([full.body.at(-1)]);
      expect(one.total, path).toBe(full.total);
      const past = await list(caller(), `${path}?limit=1&offset=${full.body.length}`);
      expect(past.status, path).toBe(200);
      expect(past.body, path).toEqual([]);
      expect(past.total, path).toBe(full.total);
    }
  });

  it("returns 25 items by default (decision 037), with the unpaged total", async () => {
    const rows = Array.from(
      { length: 120 },
      (_, i) => `('Filler ${i}', 'filler', 'payment_processed', ${Date.now() - 86_400_000 - i})`,
    );
    await app.query(`insert into activity_logs (action, details, activity_type, created_at) values ${rows.join(", ")}`);
    const n = await count("activity_logs");
    expect(n).toBeGreaterThan(120);
    const page = await list<Activity>(admin.client, "/api/activity-logs");
    expect(page.body).toHaveLength(25);
    expect(page.total).toBe(String(n));
    const rest = await list<Activity>(admin.client, "/api/activity-logs?offset=25&limit=500");
    expect(rest.body).toHaveLength(n - 25);
    const seen = new Set([...page.body, ...rest.body].map((a) => a.id));
    expect(seen.size).toBe(n);
  });
});
