import { describe, expect, it } from "vitest";
import { client, signedUp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { newBusiness, newConnector, newSeat } from "./helpers/parties";
import { dateOf, MANAGERS_ONLY, payoutsFile, type Row } from "./helpers/payouts";
import { errorOf, list, pageText } from "./helpers/responses";
import { postEndpoint } from "./helpers/webhooks";

/**
 * Payout minimums and requests (issue 38 part 2, decisions 191 and 192): a business's minimum per
 * currency and payout terms; a connector whose payable balance reaches the minimum requests a payout;
 * the business's owner and admins are told; a payout settles it; an overdue one shows in the admin
 * payables and the business's reputation. Every refusal writes nothing.
 */
const { app, business, connector, one, payableCommission } = payoutsFile();
const DAY = 24 * 60 * 60 * 1000;

/** Counts of everything a request writes, to prove a refusal wrote nothing. */
async function footprint() {
  return one(
    `select (select count(*) from payout_requests) as requests, (select count(*) from notifications) as notifications,
      (select count(*) from mail_outbox where kind = 'payout_requested') as mail,
      (select count(*) from activity_logs where activity_type = 'payout_requested') as activity,
      (select count(*) from webhook_events where type = 'payout.requested') as events`,
  );
}

async function expectRefused(c: ReturnType<typeof client>, payload: unknown, status: number, message: string | RegExp) {
  const before = await footprint();
  const res = await c.post("/api/payout-requests", payload);
  expect(res.status, await res.clone().text()).toBe(status);
  const error = await errorOf(res);
  if (typeof message === "string") expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  expect(await footprint()).toEqual(before);
  return error;
}

describe("payout settings", () => {
  it("defaults to no minimum and 14 days; the owner and a team admin change them; a member is refused, anyone else 404", async () => {
    const b = await newBusiness(app, { companyName: "Settings Co" });
    const path = `/api/businesses/${b.business.id}/payout-settings`;
    const first = await b.client.get(path);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ businessId: b.business.id, payoutTermsDays: 14, minimums: {}, minimumAmounts: {} });

    const changed = await b.client.patch(path, { payoutTermsDays: 21, minimums: { SGD: 5000, JPY: 3000, USD: 0 } });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toEqual({
      businessId: b.business.id,
      payoutTermsDays: 21,
      minimums: { SGD: 5000, JPY: 3000 },
      minimumAmounts: { SGD: "50.00", JPY: "3000" },
    });
    expect(await one("select payout_terms_days, payout_minimums from businesses where id = ?", b.business.id)).toEqual({
      payout_terms_days: 21,
      payout_minimums: JSON.stringify({ SGD: 5000, JPY: 3000 }),
    });
    // Terms alone keep the minimums.
    const terms = await b.client.patch(path, { payoutTermsDays: 10 });
    expect(((await terms.json()) as Row).minimums).toEqual({ SGD: 5000, JPY: 3000 });

    const admin = await newSeat(app, b, { name: "Settings Admin", role: "admin" });
    expect((await admin.client.patch(path, { minimums: { SGD: 2500 } })).status).toBe(200);
    const member = await newSeat(app, b, { name: "Settings Member", role: "member" });
    const refused = await member.client.patch(path, { minimums: {} });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(MANAGERS_ONLY);
    expect((await member.client.get(path)).status).toBe(403);
    const stranger = await signedUp(app);
    expect((await stranger.client.get(path)).status).toBe(404);
    expect((await stranger.client.patch(path, { payoutTermsDays: 3 })).status).toBe(404);
    expect((await client(app).get(path)).status).toBe(401);
    expect(
      (await one("select payout_terms_days, payout_minimums from businesses where id = ?", b.business.id)).payout_minimums,
    ).toBe(JSON.stringify({ SGD: 2500 }));
  });

  it("refuses bad input with a message on the field (400), and writes nothing", async () => {
    const b = await newBusiness(app, { companyName: "Bad Settings Co" });
    const path = `/api/businesses/${b.business.id}/payout-settings`;
    const cases: [unknown, string][] = [
      [{}, "Send payoutTermsDays, minimums or both"],
      [{ payoutTermsDays: 0 }, "payoutTermsDays"],
      [{ payoutTermsDays: 91 }, "payoutTermsDays"],
      [{ payoutTermsDays: 1.5 }, "payoutTermsDays"],
      [{ payoutTermsDays: "14" }, "payoutTermsDays"],
      [{ minimums: { SGD: -1 } }, "minimums.SGD"],
      [{ minimums: { SGD: 10.5 } }, "minimums.SGD"],
      [{ minimums: { XYZ: 100 } }, "minimums"],
      [{ minimums: [5000] }, "minimums"],
      [{ payoutTermsDays: 14, extra: true }, ""],
    ];
    for (const [payload, field] of cases) {
      const res = await b.client.patch(path, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      const error = await errorOf(res);
      if (field.includes(" ")) expect(JSON.stringify(error.errors)).toContain(field);
      else if (field) expect(Object.keys(error.errors ?? {}).join(","), JSON.stringify(payload)).toContain(field);
    }
    expect(await one("select payout_terms_days, payout_minimums from businesses where id = ?", b.business.id)).toEqual({
      payout_terms_days: 14,
      payout_minimums: "{}",
    });
  });

  it("the payouts screen saves them from its form (no JavaScript) and shows field messages", async () => {
    const b = await newBusiness(app, { companyName: "Form Settings Co" });
    const saved = await b.client.form("/business/payouts", {
      intent: "payout-settings",
      payoutTermsDays: "30",
      "minimums.SGD": "75.50",
      "minimums.JPY": "5000",
    });
    expect(saved.status).toBe(302);
    expect(await one("select payout_terms_days, payout_minimums from businesses where id = ?", b.business.id)).toEqual({
      payout_terms_days: 30,
      payout_minimums: JSON.stringify({ SGD: 7550, JPY: 5000 }),
    });
    const bad = await b.client.form("/business/payouts", {
      intent: "payout-settings",
      payoutTermsDays: "0",
      "minimums.SGD": "7.555",
    });
    expect(bad.status).toBe(400);
    const page = await pageText(bad);
    expect(page).toContain("Payout terms must be a whole number of days from 1 to 90");
    expect(page).toContain("Enter an amount like 50 or 50.00, or leave it empty for no minimum");
    const html = await pageText(await b.client.get("/business/payouts"));
    expect(html).toContain("Payout minimums and terms");
    expect(html).toContain("SGD 75.50, JPY 5,000");
    expect(html).toContain("You pay a request within 30 days.");
  });
});

describe("requesting a payout", () => {
  it("at the minimum: 201 with the amount and due date; the owner and admins are notified and mailed, the webhook fires; a payout settles it", async () => {
    const b = await newBusiness(app, { companyName: "Request Co" });
    const c = await newConnector(app, { name: "Asking Connector" });
    const admin = await newSeat(app, b, { name: "Request Admin", role: "admin" });
    const member = await newSeat(app, b, { name: "Request Member", role: "member" });
    await b.client.patch(`/api/businesses/${b.business.id}/payout-settings`, { payoutTermsDays: 14, minimums: { SGD: 5000 } });
    const hook = await postEndpoint(b, "https://hooks.example.com/requests", ["payout.requested"]);
    expect(hook.status).toBe(201);
    const a = await payableCommission(300, { b, c });
    const first = await payableCommission(200, { b, c });
    expect(a.amountMinor + first.amountMinor).toBe(5000);

    const before = Date.now();
    const res = await c.client.post("/api/payout-requests", { businessId: b.business.id, currency: "SGD" });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = (await res.json()) as Row;
    expect(made).toMatchObject({
      businessId: b.business.id,
      businessName: "Request Co",
      connectorId: c.connectorId,
      connectorName: "Asking Connector",
      currency: "SGD",
      amountMinor: 5000,
      amount: "50.00",
      state: "open",
      payoutId: null,
      paidAt: null,
    });
    const requestedAt = Date.parse(String(made.requestedAt));
    expect(requestedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(String(made.dueAt)) - requestedAt).toBe(14 * DAY);
    const row = await one("select * from payout_requests where id = ?", made.id);
    expect(row).toMatchObject({
      amount_minor: 5000,
      due_at: requestedAt + 14 * DAY,
      payout_id: null,
      requested_by_user_id: c.user.id,
    });

    const noticed = await app.query<Row>(
      "select user_id, title, link from notifications where title like 'Payout requested%' and user_id in (?, ?, ?, ?) order by user_id",
      b.user.id,
      admin.user.id,
      member.user.id,
      c.user.id,
    );
    const title = "Payout requested: Asking Connector asks for SGD 50.00";
    expect(noticed).toEqual(
      [b.user.id, admin.user.id].sort((x, y) => x - y).map((id) => ({ user_id: id, title, link: "/business/payouts" })),
    );
    const mail = await app.query<Row>(
      "select user_id, payload from mail_outbox where kind = 'payout_requested' and user_id in (?, ?, ?) order by user_id",
      b.user.id,
      admin.user.id,
      member.user.id,
    );
    expect(mail.map((m) => m.user_id)).toEqual([b.user.id, admin.user.id].sort((x, y) => x - y));
    expect(JSON.parse(String(mail[0]!.payload))).toMatchObject({ title, path: "/business/payouts" });
    const events = await app.query<Row>(
      "select payload from webhook_events where type = 'payout.requested' and business_id = ?",
      b.business.id,
    );
    expect(events).toHaveLength(1);
    expect(JSON.parse(String(events[0]!.payload)).data).toEqual(made);
    expect(
      await app.query(
        "select action from activity_logs where activity_type = 'payout_requested' and business_id = ?",
        b.business.id,
      ),
    ).toEqual([{ action: "Payout requested" }]);

    // The business lists it; the connector lists theirs; the payouts screen shows it with its due date.
    const theirs = await list<Row>(b.client, `/api/payout-requests?businessId=${b.business.id}&state=open`);
    expect(theirs.body.map((r) => r.id)).toEqual([made.id]);
    expect((await list<Row>(c.client, "/api/payout-requests")).body.map((r) => r.id)).toContain(made.id);
    const screen = await pageText(await b.client.get("/business/payouts"));
    expect(screen).toContain("Payout requests");
    expect(screen).toMatch(/data-testid="payout-request-row"/);
    expect(screen).toContain("Asking Connector");
    const earnings = await pageText(await c.client.get("/earnings"));
    expect(earnings).toContain("Requested SGD 50.00 on");

    // The payout to that connector in SGD settles it, in the same batch.
    const paid = await b.client.post("/api/payouts", {
      businessId: b.business.id,
      connectorId: c.connectorId,
      currency: "SGD",
      commissionIds: [a.commissionId, first.commissionId],
      method: "paynow",
      reference: "REQ-1",
      paidAt: dateOf(-1),
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const payout = (await paid.json()) as Row;
    expect(await one("select payout_id, paid_at from payout_requests where id = ?", made.id)).toEqual({
      payout_id: payout.id,
      paid_at: Date.parse(String(payout.paidAt)),
    });
    const settled = await list<Row>(c.client, `/api/payout-requests?state=paid&businessId=${b.business.id}`);
    expect(settled.body.map((r) => [r.id, r.state, r.payoutId])).toEqual([[made.id, "paid", payout.id]]);
  });

  it("below the minimum is 409 naming the minimum, a second open request 409, nothing payable 409; nothing written", async () => {
    const b = await newBusiness(app, { companyName: "Minimum Co" });
    const c = await newConnector(app, { name: "Short Connector" });
    await b.client.patch(`/api/businesses/${b.business.id}/payout-settings`, { minimums: { SGD: 5000 } });
    await expectRefused(
      c.client,
      { businessId: b.business.id, currency: "SGD" },
      409,
      "Nothing is payable to you by Minimum Co in SGD yet",
    );
    await payableCommission(200, { b, c });
    await payableCommission(100, { b, c, payable: false });
    const below = await expectRefused(
      c.client,
      { businessId: b.business.id, currency: "SGD" },
      409,
      "Minimum Co pays out at least SGD 50.00: SGD 20.00 is payable to you, below the minimum",
    );
    expect(below.errors?.currency).toEqual([below.message]);
    const earnings = await pageText(await c.client.get("/earnings"));
    expect(earnings).toContain("You can request a payout once SGD 50.00 is payable (Minimum Co's minimum).");
    expect(earnings).not.toContain("Request payout from Minimum Co");

    await payableCommission(300, { b, c });
    // The Earnings form (no JavaScript) makes it.
    const made = await c.client.form("/earnings", {
      intent: "request-payout",
      businessId: String(b.business.id),
      currency: "SGD",
    });
    expect(made.status).toBe(302);
    const open = await one("select amount_minor, due_at from payout_requests where business_id = ?", b.business.id);
    expect(open.amount_minor).toBe(5000);
    await expectRefused(
      c.client,
      { businessId: b.business.id, currency: "SGD" },
      409,
      /^You already have an open payout request to Minimum Co in SGD, due by /,
    );
    const again = await c.client.form("/earnings", {
      intent: "request-payout",
      businessId: String(b.business.id),
      currency: "SGD",
    });
    expect(again.status).toBe(409);
    expect(await pageText(again)).toContain("You already have an open payout request to Minimum Co in SGD");
    // No minimum in USD: anything above zero may be asked; nothing there yet.
    await expectRefused(
      c.client,
      { businessId: b.business.id, currency: "USD" },
      409,
      "Nothing is payable to you by Minimum Co in USD yet",
    );
  });

  it("two racing requests: one is made, the other 409", async () => {
    const b = await newBusiness(app, { companyName: "Race Co" });
    const c = await newConnector(app, { name: "Racing Connector" });
    await payableCommission(100, { b, c });
    const payload = { businessId: b.business.id, currency: "SGD" };
    const [x, y] = await Promise.all([
      c.client.post("/api/payout-requests", payload),
      c.client.post("/api/payout-requests", payload),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    expect(await app.query("select id from payout_requests where business_id = ?", b.business.id)).toHaveLength(1);
  });

  it("who may: no connector profile 403, an API key 403, signed out 401, no such business 404; nobody names another connector", async () => {
    const payload = { businessId: business.business.id, currency: "SGD" };
    await payableCommission(100);
    const noProfile = await signedUp(app);
    // Signup makes a connector profile; this person has none (as before issue 33, or after removing it).
    await app.query("delete from connectors where user_id = ?", noProfile.user.id);
    await expectRefused(
      noProfile.client,
      payload,
      403,
      "Only a connector can request a payout: create your connector profile first",
    );
    const admin = await newAdmin(app, { name: "Requests Admin" });
    const adminRes = await admin.client.post("/api/payout-requests", payload);
    expect(adminRes.status).toBe(403);
    expect((await errorOf(adminRes)).message).toBe("Platform admins cannot request payouts");
    const anonymous = await client(app).post("/api/payout-requests", payload);
    expect(anonymous.status).toBe(401);
    const keyed = await business.client.post("/api/api-keys", {
      name: "Requests key",
      scopes: ["commissions:read"],
      businessId: business.business.id,
    });
    expect(keyed.status, await keyed.clone().text()).toBe(201);
    const { key } = (await keyed.json()) as { key: string };
    const byKey = await client(app).post("/api/payout-requests", payload, { Authorization: `Bearer ${key}` });
    expect(byKey.status).toBe(403);
    expect((await errorOf(byKey)).message).toBe("This endpoint does not accept API keys; sign in instead");
    // The key reads its business's requests (commissions:read).
    expect((await client(app).get("/api/payout-requests", { Authorization: `Bearer ${key}` })).status).toBe(200);
    await expectRefused(connector.client, { businessId: 999999, currency: "SGD" }, 404, "Business not found");
    // The connector is always the caller: a connectorId in the body is refused, not obeyed.
    const other = await newConnector(app, { name: "Other Connector" });
    const named = await other.client.post("/api/payout-requests", { ...payload, connectorId: connector.connectorId });
    expect(named.status).toBe(400);
    // Reading: another connector sees none of theirs; a member filtering by the business is refused.
    const mine = await connector.client.post("/api/payout-requests", payload);
    expect(mine.status).toBe(201);
    const seenByOther = await list<Row>(other.client, `/api/payout-requests?connectorId=${connector.connectorId}`);
    expect(seenByOther.body).toEqual([]);
    const member = await newSeat(app, business, { name: "Reading Member", role: "member" });
    const refused = await member.client.get(`/api/payout-requests?businessId=${business.business.id}`);
    expect(refused.status).toBe(403);
    const otherBusiness = await newBusiness(app, { companyName: "Unrelated Co" });
    expect((await list<Row>(otherBusiness.client, "/api/payout-requests")).body).toEqual([]);
  });

  it("bad input: 400 with the field named, nothing written", async () => {
    const cases: [unknown, string][] = [
      [{}, "businessId"],
      [{ businessId: business.business.id }, "currency"],
      [{ businessId: "1", currency: "SGD" }, "businessId"],
      [{ businessId: -1, currency: "SGD" }, "businessId"],
      [{ businessId: 1.5, currency: "SGD" }, "businessId"],
      [{ businessId: business.business.id, currency: "XYZ" }, "currency"],
      [{ businessId: business.business.id, currency: "sgd" }, "currency"],
    ];
    for (const [payload, field] of cases) {
      const before = await footprint();
      const res = await connector.client.post("/api/payout-requests", payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys((await errorOf(res)).errors ?? {})).toContain(field);
      expect(await footprint()).toEqual(before);
    }
    const query = await connector.client.get("/api/payout-requests?state=late");
    expect(query.status).toBe(400);
  });
});

describe("overdue requests", () => {
  it("show in the admin payables and, after the scheduled run, in the business's reputation; paying clears both", async () => {
    const b = await newBusiness(app, { companyName: "Late Payer Co" });
    const c = await newConnector(app, { name: "Waiting Connector" });
    const a = await payableCommission(150, { b, c });
    const made = await c.client.post("/api/payout-requests", { businessId: b.business.id, currency: "SGD" });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as Row).id as number;
    await app.query(
      "update payout_requests set requested_at = ?, due_at = ? where id = ?",
      Date.now() - 20 * DAY,
      Date.now() - 6 * DAY,
      id,
    );

    const admin = await newAdmin(app, { name: "Overdue Admin" });
    const payables = (await (await admin.client.get("/api/admin/payables")).json()) as {
      overdueRequests: Row[];
      overdueRequestsTotal: number;
    };
    const listed = payables.overdueRequests.find((r) => r.id === id);
    expect(listed).toMatchObject({
      businessName: "Late Payer Co",
      connectorName: "Waiting Connector",
      state: "overdue",
      amountMinor: 1500,
    });
    expect(payables.overdueRequestsTotal).toBeGreaterThanOrEqual(1);
    const tab = await pageText(await admin.client.get("/admin?tab=payables"));
    expect(tab).toContain("Overdue payout requests");
    expect(tab).toContain("Waiting Connector");
    expect(tab).toContain("Overdue since");
    const overdueList = await list<Row>(b.client, `/api/payout-requests?businessId=${b.business.id}&state=overdue`);
    expect(overdueList.body.map((r) => r.id)).toEqual([id]);

    await app.scheduled();
    const reputation = async () =>
      (
        (await (await c.client.get(`/api/businesses/${b.business.id}`)).json()) as {
          reputation: { payoutRequestsOverdue: number };
        }
      ).reputation.payoutRequestsOverdue;
    expect(await reputation()).toBe(1);
    const browse = await pageText(await c.client.get(`/businesses?q=${encodeURIComponent("Late Payer")}`));
    expect(browse).toMatch(/data-testid="payout-requests-overdue"[^>]*>.*?1 payout request overdue/s);

    const paid = await b.client.post("/api/payouts", {
      businessId: b.business.id,
      connectorId: c.connectorId,
      currency: "SGD",
      commissionIds: [a.commissionId],
      method: "paynow",
      reference: "LATE-1",
      paidAt: dateOf(-1),
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    await app.scheduled();
    expect(await reputation()).toBe(0);
    const after = (await (await admin.client.get("/api/admin/payables")).json()) as { overdueRequests: Row[] };
    expect(after.overdueRequests.find((r) => r.id === id)).toBeUndefined();
  });
});
