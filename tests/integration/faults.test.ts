import { describe, expect, test } from "vitest";
import { appPerFile } from "./helpers/app";
import { referWithConsent } from "./helpers/introductions";
import { referralFields } from "./helpers/marketplace";
import { addMember, newBusiness, newConnector } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

/** D1 fails on statements containing `match` for this one request (helpers/fault-worker.mjs). */
const fault = (match: string) => ({ "X-Test-Fault": JSON.stringify({ match }) });
const RETRY_MESSAGE = "The service is temporarily unavailable, please retry";

const app = appPerFile({}, { faults: true });

const count = async (sql: string, ...params: unknown[]) => (await app.query<{ n: number }>(sql, ...params))[0]?.n ?? -1;

/** What a new referral writes for the business: the referral, its history row, its 'referral_created' activity. */
const referralWrites = async (businessId: number) => ({
  referrals: await count("select count(*) as n from referrals where business_id = ?", businessId),
  history: await count(
    "select count(*) as n from referral_status_changes s join referrals r on r.id = s.referral_id where r.business_id = ?",
    businessId,
  ),
  activity: await count(
    "select count(*) as n from activity_logs where business_id = ? and activity_type = 'referral_created'",
    businessId,
  ),
});

describe("reads when D1 fails", () => {
  test("the API answers 503 with a clear message and Retry-After, no stack or SQL", async () => {
    const owner = await newBusiness(app);
    const res = await owner.client.get(`/api/referrals/business/${owner.business.id}`, fault('from "referrals"'));
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("1");
    const text = await res.clone().text();
    expect(text).not.toMatch(/select|D1_ERROR|at \w+ \(/i);
    expect(await errorOf(res)).toEqual({ message: RETRY_MESSAGE });
    // Without the fault the same read works.
    expect((await owner.client.get(`/api/referrals/business/${owner.business.id}`)).status).toBe(200);
  });

  test("a screen answers 503 with its 'try again' page", async () => {
    const owner = await newBusiness(app);
    const res = await owner.client.get("/business/referrals", fault('from "referrals"'));
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("1");
    const html = await res.text();
    expect(html).toContain("Something went wrong");
    expect(html).not.toMatch(/D1_ERROR|no such table|Failed query/);
  });

  test("a failing session lookup is a 503, not a logout", async () => {
    const connector = await newConnector(app);
    const res = await connector.client.get("/api/auth/me", fault('from "sessions"'));
    expect(res.status).toBe(503);
    expect((await connector.client.get("/api/auth/me")).status).toBe(200);
  });
});

describe("writes when D1 fails land whole or not at all", () => {
  test("no referral without its history, activity, webhook event, notifications and mail; an idempotent retry then succeeds once", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const body = referralFields(owner.business.id);
    const headers = { "Idempotency-Key": "fault-retry-1" };
    for (const table of ["activity_logs", "referral_status_changes", "referrals", "notifications", "mail_outbox"]) {
      const res = await connector.client.post("/api/referrals", body, { ...headers, ...fault(`insert into "${table}"`) });
      expect(res.status, table).toBe(503);
      expect((await errorOf(res)).message).toBe(RETRY_MESSAGE);
      expect(await referralWrites(owner.business.id)).toEqual({ referrals: 0, history: 0, activity: 0 });
    }
    const retry = await connector.client.post("/api/referrals", body, headers);
    expect(retry.status).toBe(201);
    const again = await connector.client.post("/api/referrals", body, headers);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await referralWrites(owner.business.id)).toEqual({ referrals: 1, history: 1, activity: 1 });
  });

  test("no status change without its history row, notification and email", async () => {
    // The owner's new-referral notice is the referral's too; the connector's are the update's.
    const connectorNotices = "select count(*) as n from notifications where referral_id = ? and user_id = ?";
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral } = await referWithConsent(app, connector.client, owner.business.id);
    for (const table of ["referral_status_changes", "notifications", "mail_outbox"]) {
      const res = await owner.client.patch(
        `/api/referrals/${referral.id}`,
        { status: "approved" },
        fault(`insert into "${table}"`),
      );
      expect(res.status, table).toBe(503);
      expect(await app.query("select status from referrals where id = ?", referral.id)).toEqual([{ status: "pending" }]);
      expect(await count("select count(*) as n from referral_status_changes where referral_id = ?", referral.id)).toBe(1);
      expect(await count(connectorNotices, referral.id, connector.user.id)).toBe(0);
    }
    const ok = await owner.client.patch(`/api/referrals/${referral.id}`, { status: "approved" });
    expect(ok.status).toBe(200);
    expect(await count("select count(*) as n from referral_status_changes where referral_id = ?", referral.id)).toBe(2);
    expect(await count(connectorNotices, referral.id, connector.user.id)).toBe(1);
  });

  test("a screen form post fails with 503 and keeps nothing; no team member without its activity entry", async () => {
    const owner = await newBusiness(app);
    const email = `fault_${Date.now()}@example.com`;
    const res = await owner.client.form(
      "/business/team",
      { intent: "add", name: "Fault Person", email, role: "member" },
      fault('insert into "activity_logs"'),
    );
    expect(res.status).toBe(503);
    expect(await count("select count(*) as n from team_members where email = ?", email)).toBe(0);
    const api = await owner.client.post(
      "/api/team-members",
      { name: "Fault Person", email, role: "member", businessId: owner.business.id },
      fault('insert into "activity_logs"'),
    );
    expect(api.status).toBe(503);
    expect(await count("select count(*) as n from team_members where email = ?", email)).toBe(0);
    await addMember(owner.client, owner.business.id, { name: "Fault Person", email, role: "member" });
    expect(
      await count(
        "select count(*) as n from activity_logs where business_id = ? and activity_type = 'team_member_added'",
        owner.business.id,
      ),
    ).toBe(1);
  });

  test("signup leaves no user without a connector profile", async () => {
    const before = await count("select count(*) as n from users");
    const res = await app.fetch("/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...fault('insert into "connectors"') },
      body: JSON.stringify({
        username: `fault_${Date.now()}`,
        password: "kettle-harbor-29",
        name: "Fault User",
        email: `fu_${Date.now()}@example.com`,
        phone: "+65 9123 4567",
        accountType: "individual",
      }),
    });
    expect(res.status).toBe(503);
    expect(await count("select count(*) as n from users")).toBe(before);
  });
});
