import { describe, expect, it } from "vitest";
import { appPerFile, signedUp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { giveConsent } from "./helpers/introductions";
import { refer, referralFields } from "./helpers/marketplace";
import { newBusiness, newConnector, newSeat } from "./helpers/parties";
import { eventually } from "./helpers/responses";
import { SCREENS, screenFixtures, screensMissingFrom } from "./helpers/screens";
import { loadServerBuild } from "./helpers/server-build";

const app = appPerFile();

/** Parses `db;dur=N;desc="R round trips, S statements"`. */
function dbTiming(response: Response) {
  const header = response.headers.get("Server-Timing") ?? "";
  const match = /db;dur=(\d+);desc="(\d+) round trips, (\d+) statements"/.exec(header);
  if (!match) return null;
  return { ms: Number(match[1]), roundTrips: Number(match[2]), statements: Number(match[3]) };
}

describe("Server-Timing reports each request's database use", () => {
  it("serves Browse Businesses in one round trip: the session, the page and its total, the viewer's link code (and an opened business)", async () => {
    const owner = await newBusiness(app);
    const connector = await signedUp(app);
    const q = encodeURIComponent(owner.fields.companyName);
    const response = await connector.client.get(`/businesses?q=${q}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(owner.fields.companyName);
    // The batch: the session, the layout's unread count, the page and its total, and the viewer's
    // personal-link code for the dialog (decision 179), riding along.
    expect(dbTiming(response)).toMatchObject({ roundTrips: 1, statements: 5 });
    const opened = await connector.client.get(`/businesses?q=${q}&business=${owner.business.id}`);
    expect(opened.status).toBe(200);
    expect(dbTiming(opened)).toMatchObject({ roundTrips: 1, statements: 6 });
  });

  it("serves the admin dashboard in two round trips: the session, then the totals with the tab's page", async () => {
    const admin = await newAdmin(app, { name: "Timing Admin" });
    for (const tab of ["activity", "referrals", "overdue", "payables"]) {
      const response = await admin.client.get(`/admin?tab=${tab}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Total Referrals");
      // The session with the layout's unread count; then the platform totals, the tab's page and its total
      // (payables: the totals per currency, the overdue page and its total, and the overdue payout
      // requests' page and total, issue 38 part 2).
      expect(dbTiming(response), tab).toMatchObject({ roundTrips: 2, statements: tab === "payables" ? 8 : 5 });
    }
  });

  it.each([
    ["counts the session lookup of GET /api/auth/me as one round trip", "/api/auth/me", 200, 1, 1],
    ["counts an unknown connector's list as two single statements", "/api/referrals/connector/999999", 404, 2, 2],
  ])("%s", async (_, path, status, roundTrips, statements) => {
    const { client } = await signedUp(app);
    const response = await client.get(path);
    expect(response.status).toBe(status);
    expect(dbTiming(response)).toMatchObject({ roundTrips, statements });
  });

  it("counts the API list batch (page and total; no per-status counts, which the API does not return) as one round trip", async () => {
    const { client, user } = await signedUp(app);
    const connector = (await (await client.get(`/api/connectors/user/${user.id}`)).json()) as { id: number };
    const response = await client.get(`/api/referrals/connector/${connector.id}`);
    expect(response.status).toBe(200);
    // session, connector lookup, then the batch of two
    expect(dbTiming(response)).toMatchObject({ roundTrips: 3, statements: 4 });
  });

  it("serves the connector dashboard in one round trip: its statements ride with the session lookup", async () => {
    const { client } = await signedUp(app);
    const response = await client.get("/");
    expect(response.status).toBe(200);
    // The batch: the session, the layout's unread count, the business part's seats, referrals by
    // status and unread threads (decision 176: read for everyone, since they ride before the session
    // is known; empty without a workplace), the profile, the page, the per-status counts (the total is
    // their sum), the ledger's balances per currency and status (issue 17), and the months.
    expect(dbTiming(response)).toMatchObject({ roundTrips: 1, statements: 10 });
    // A search adds the filtered total to the same batch.
    const searched = await client.get("/?q=nobody");
    expect(searched.status).toBe(200);
    expect(dbTiming(searched)).toMatchObject({ roundTrips: 1, statements: 11 });
    // /my-referrals is the connector's screen alone (no business part), the same one round trip.
    expect(dbTiming(await client.get("/my-referrals"))).toMatchObject({ roundTrips: 1, statements: 7 });
  });

  it("serves Earnings and a statement in one round trip: their reads ride with the session lookup", async () => {
    const { client } = await signedUp(app);
    const response = await client.get("/earnings");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Payouts received");
    // The batch: the session, the layout's unread count, the profile, the balances (a row per
    // currency, decision 098), the page of commissions, their count, the payouts, and the payout-request
    // panel's payables per business, open requests and minimums (issue 38 part 2).
    expect(dbTiming(response)).toMatchObject({ roundTrips: 1, statements: 10 });
    const month = new Date().toISOString().slice(0, 7);
    const statement = await client.get(`/earnings/statements/${month}?currency=SGD`);
    expect(statement.status).toBe(200);
    // The session, the unread count, the profile, the opening balance and the month's entries.
    expect(dbTiming(statement)).toMatchObject({ roundTrips: 1, statements: 5 });
    // The CSV and the API: the same reads with the session (no layout).
    expect(dbTiming(await client.get(`/earnings/statements/${month}.csv?currency=SGD`))).toMatchObject({
      roundTrips: 1,
      statements: 4,
    });
    // The API's balances: the session, the profile and the balance rows.
    expect(dbTiming(await client.get("/api/earnings"))).toMatchObject({ roundTrips: 1, statements: 3 });
    expect(dbTiming(await client.get(`/api/statements?month=${month}&currency=SGD`))).toMatchObject({
      roundTrips: 1,
      statements: 4,
    });
  });

  it("serves the business dashboard in one round trip: the session, workplace, list and top referrers", async () => {
    const owner = await newBusiness(app);
    const connector = await signedUp(app);
    await refer(connector.client, owner.business.id, { referredPersonName: "Dashboard Person" });
    const response = await owner.client.get("/business/referrals");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Top Performing Referrers");
    expect(html).toContain("Dashboard Person");
    // The batch: the session, the layout's unread count, the workplace and seat, the page, the
    // per-status counts (the total is their sum), the top five.
    expect(dbTiming(response)).toMatchObject({ roundTrips: 1, statements: 6 });
  });

  it("serves a team member the same dashboard of their team's business, from the same one batch", async () => {
    const owner = await newBusiness(app);
    const member = await newSeat(app, owner, { name: "Seat", role: "member" });
    const connector = await signedUp(app);
    await refer(connector.client, owner.business.id, { referredPersonName: "Seen By Member" });
    const response = await member.client.get("/business/referrals");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Seen By Member");
    expect(dbTiming(response)).toMatchObject({ roundTrips: 1, statements: 6 });
  });

  it("serves a business's referral list to the API in one round trip: the session, the seat and the page together", async () => {
    const owner = await newBusiness(app);
    const connector = await signedUp(app);
    await refer(connector.client, owner.business.id);
    const response = await owner.client.get(`/api/referrals/business/${owner.business.id}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(1);
    expect(dbTiming(response)).toMatchObject({ roundTrips: 1, statements: 4 });
    // Someone else's business: the same batch, and nothing of it answered.
    const stranger = await signedUp(app);
    const refused = await stranger.client.get(`/api/referrals/business/${owner.business.id}`);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ message: "Business not found" });
  });

  it("answers GET /api/businesses/me from the session and one batch: the business and seat, and its reputation", async () => {
    const owner = await newBusiness(app);
    const response = await owner.client.get("/api/businesses/me");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: owner.business.id,
      role: "owner",
      contactVisible: true,
      reputation: { status: "new" },
    });
    expect(dbTiming(response)).toMatchObject({ roundTrips: 2, statements: 3 });
  });

  it("serves a referral's page with its conversation in the session's batch: no round trip more", async () => {
    const owner = await newBusiness(app);
    const connector = await signedUp(app);
    const { referral } = await refer(connector.client, owner.business.id);
    for (const body of ["First", "Second"]) {
      expect((await owner.client.post(`/api/referrals/${referral.id}/messages`, { body })).status).toBe(201);
    }
    const response = await connector.client.get(`/referrals/${referral.id}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Second");
    // The session, the layout's counts (notifications and messages in one statement) and the thread's
    // two; then the referral with the viewer's seat; its history with its disputes (issue 38, one
    // batch) and the business.
    expect(dbTiming(response)).toMatchObject({ roundTrips: 4, statements: 8 });
    // Every screen's layout counts unread messages inside its one unread statement.
    expect(dbTiming(await connector.client.get("/"))).toMatchObject({ roundTrips: 1, statements: 10 });
  });

  it("lands a referral in at most four round trips (two with a business key), and a progress update in two (three from the form): decisions 072, 085, 102 and 104", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    // A person: the session, their connector profile, ONE batch of the pace and every check, the write
    // batch (which reads the new referral back).
    const created = await connector.client.post("/api/referrals", referralFields(owner.business.id));
    expect(created.status).toBe(201);
    const referral = (await created.json()) as { id: number; status: string };
    expect(referral.status).toBe("pending");
    expect(dbTiming(created)).toMatchObject({ roundTrips: 4 });
    const madeKey = await owner.client.post("/api/api-keys", {
      name: "CRM",
      scopes: ["referrals:write", "referrals:read"],
      businessId: owner.business.id,
    });
    expect(madeKey.status).toBe(201);
    const key = ((await madeKey.json()) as { key: string }).key;
    const withKey = (method: string, path: string, body: unknown) =>
      app.fetch(path, {
        method,
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    // The key's first use also records when it was last used (after the answer): not counted below.
    expect((await withKey("GET", `/api/referrals/${referral.id}`, undefined)).status).toBe(200);
    await eventually(
      async () =>
        (await app.query("select 1 from api_keys where prefix = ? and last_used_at is not null", key.slice(0, 12))).length > 0,
    );
    // A business key: the key with its rate limit and the checks for the connector it names (one
    // batch), its registration's pace per key, business and connector (a write, so not in the key's
    // read-only lookup; decision 129), then the write batch.
    const byKey = await withKey(
      "POST",
      "/api/referrals",
      referralFields(owner.business.id, { connectorId: connector.connectorId }),
    );
    expect(byKey.status).toBe(201);
    expect(dbTiming(byKey)).toMatchObject({ roundTrips: 3 });
    // The owner: the session with the referral, its seat and the ledger's context riding in its batch,
    // then the write batch (RETURNING is the answer).
    await giveConsent(app, referral.id);
    const body = { status: "completed", revenueReceived: 1000, revenueCurrency: "SGD" };
    const updated = await owner.client.patch(`/api/referrals/${referral.id}`, body);
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ id: referral.id, status: "completed", revenueReceived: 1000, feeAmount: 100 });
    expect(dbTiming(updated)).toMatchObject({ roundTrips: 2 });
    // The same through the key: the key with its rate limit in place of the session, the referral read
    // by the key's hash in that batch.
    const again = await withKey("PATCH", `/api/referrals/${referral.id}`, { ...body, revenueReceived: 1200 });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: "completed", revenueReceived: 1200, feeAmount: 120 });
    expect(dbTiming(again)).toMatchObject({ roundTrips: 2 });
    // The screens' forms call the same functions; the update form reads its referral's id from the
    // body after the session, so the referral is read on its own.
    const fields = Object.fromEntries(Object.entries(referralFields(owner.business.id)).map(([k, v]) => [k, String(v)]));
    const form = await connector.client.form("/create-referral", fields);
    expect(form.status).toBe(302);
    expect(dbTiming(form)).toMatchObject({ roundTrips: 4 });
    const update = await owner.client.form("/business/update", {
      referralId: String(referral.id),
      status: "approved",
      revenueCurrency: "SGD",
      statusNotes: "Reopened after a credit note",
    });
    expect(update.status).toBe(302);
    expect(dbTiming(update)).toMatchObject({ roundTrips: 3 });
  });

  it("adds no header when the request never touched the database", async () => {
    const response = await app.fetch("/api/nope");
    expect(response.status).toBe(404);
    expect(response.headers.get("Server-Timing")).toBeNull();
  });
});

/**
 * Every screen of the real build, as the user it is for, with its D1 round trips: the root's
 * session lookup carries the `_app` layout's unread count and the screen's own reads when the
 * screen rides (session.server sessionWith). A loader that stops riding (say, one that awaits
 * before asking) adds a round trip here; a new screen must be added here.
 */
describe("round trips of every screen", () => {
  it("pins the round trips of each screen", async () => {
    const { clients, pathOf } = await screenFixtures(app);
    const measured: string[] = [];
    const expected: string[] = [];
    for (const [template, role, status, roundTrips] of SCREENS) {
      const response = await clients[role].get(pathOf(template));
      await response.text();
      measured.push(`${template} as ${role}: ${response.status}, ${dbTiming(response)?.roundTrips ?? 0} round trips`);
      expected.push(`${template} as ${role}: ${status}, ${roundTrips} round trips`);
    }
    expect(measured).toEqual(expected);
  });

  it("lists every screen of the build", async () => {
    expect(screensMissingFrom(await loadServerBuild())).toEqual([]);
  });
});
