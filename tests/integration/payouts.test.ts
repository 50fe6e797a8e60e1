import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, signedUp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { answerIntro } from "./helpers/introductions";
import { type Client, refer } from "./helpers/marketplace";
import { type Business, type Connector, joinTeam, newBusiness, newConnector } from "./helpers/parties";
import { errorOf, list, pageText } from "./helpers/responses";

/**
 * Payouts (issue 17 section 2, decision 065): what a business owes, recording a payment over the API
 * and the /business/payouts form, every refusal (with nothing written), and who may do what.
 */
const app = appPerFile();
let business: Business, connector: Connector;

const MANAGERS_ONLY = "Only the business owner and team admins can manage payouts";

beforeAll(async () => {
  business = await newBusiness(app, { companyName: "Payout Co" });
  connector = await newConnector(app, { name: "Paid Connector" });
});

type Row = Record<string, unknown>;
const one = async (sql: string, ...params: unknown[]) => (await app.query<Row>(sql, ...params))[0]!;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Midnight UTC today: every date below is counted from it, so the 90-day rule (decision 116) never outdates the file. */
const TODAY_MS = Math.floor(Date.now() / DAY_MS) * DAY_MS;
/** The moment `days` from today's midnight UTC, plus `hours`. */
const dayMs = (days: number, hours = 0) => TODAY_MS + days * DAY_MS + hours * 60 * 60 * 1000;
/** The date (YYYY-MM-DD) `days` from today, as the screen sends one. */
const dateOf = (days: number) => new Date(dayMs(days)).toISOString().slice(0, 10);
/** The date `days` from today as the app shows one (Nov 05, 2026). */
const shownDay = (days: number) =>
  new Date(dayMs(days)).toLocaleDateString("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" });
/** When the fixture's commissions became payable: before the payouts' dates below (decision 116). */
const PAYABLE_SINCE = dayMs(-26, 9.5);
/** The date the fixture's payouts are dated. */
const PAID_DAY = -7;

/** A completed referral with revenue; its commission made payable (the hold is the sweep's business). */
async function payableCommission(
  revenue = 100,
  { payable = true, b = business, c = connector, currency = "SGD", payableAt = PAYABLE_SINCE } = {},
) {
  const { referral } = await refer(c.client, b.business.id, { cashbackPercentage: 10 });
  await answerIntro(app, referral.id);
  const res = await b.client.patch(`/api/referrals/${referral.id}`, {
    status: "completed",
    revenueReceived: revenue,
    revenueCurrency: currency,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const commission = await one("select * from commissions where referral_id = ? and superseded_at is null", referral.id);
  if (payable)
    await app.query("update commissions set status = 'payable', payable_at = ? where id = ?", payableAt, commission.id);
  return { referralId: referral.id, commissionId: commission.id as number, amountMinor: commission.amount_minor as number };
}

const body = (commissionIds: number[], extra: Record<string, unknown> = {}) => ({
  businessId: business.business.id,
  connectorId: connector.connectorId,
  currency: "SGD",
  commissionIds,
  method: "paynow",
  reference: "PN-1",
  paidAt: dateOf(PAID_DAY),
  ...extra,
});

/** Counts of everything a payout writes, to prove a refusal wrote nothing. */
async function footprint() {
  const row = await one(
    `select (select count(*) from payouts) as payouts, (select count(*) from commission_entries) as entries,
      (select count(*) from commissions where status = 'paid') as paid, (select count(*) from notifications) as notifications,
      (select count(*) from mail_outbox where kind = 'payout_recorded') as mail,
      (select count(*) from activity_logs where activity_type = 'payment_processed') as activity,
      (select count(*) from webhook_events where type = 'payout.recorded') as events`,
  );
  return row;
}

async function expectRefused(c: Client, payload: unknown, status: number, message: string | RegExp, field?: string) {
  const before = await footprint();
  const res = await c.post("/api/payouts", payload);
  expect(res.status, await res.clone().text()).toBe(status);
  const error = await errorOf(res);
  if (typeof message === "string") expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  if (field) expect(error.errors?.[field]?.length).toBeGreaterThan(0);
  expect(await footprint()).toEqual(before);
  return error;
}

describe("recording a payout over the API", () => {
  it("writes the payout, pays its commissions, one entry each, the activity, the notice, the receipt and the webhook, in one go", async () => {
    const hook = await business.client.post("/api/webhooks", {
      businessId: business.business.id,
      url: "https://hooks.example.com/payouts",
      events: ["payout.recorded"],
    });
    expect(hook.status).toBe(201);
    const a = await payableCommission(1234.5);
    const b = await payableCommission(100);
    const res = await business.client.post(
      "/api/payouts",
      body([a.commissionId, b.commissionId], { reference: "PN-20261120-1" }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const payout = (await res.json()) as Row;
    expect(payout).toMatchObject({
      businessId: business.business.id,
      connectorId: connector.connectorId,
      currency: "SGD",
      amountMinor: 12345 + 1000,
      amount: "133.45",
      method: "paynow",
      reference: "PN-20261120-1",
      paidAt: new Date(dayMs(PAID_DAY)).toISOString(),
      recordedByUserId: business.user.id,
      commissionIds: [a.commissionId, b.commissionId].sort((x, y) => x - y),
    });
    const id = payout.id as number;
    expect(await one("select amount_minor, method, reference, paid_at from payouts where id = ?", id)).toEqual({
      amount_minor: 13345,
      method: "paynow",
      reference: "PN-20261120-1",
      paid_at: dayMs(PAID_DAY),
    });
    const paid = await app.query<Row>(
      "select id, status, payout_id, paid_at from commissions where id in (?, ?) order by id",
      a.commissionId,
      b.commissionId,
    );
    expect(paid.map((c) => [c.status, c.payout_id, c.paid_at])).toEqual([
      ["paid", id, dayMs(PAID_DAY)],
      ["paid", id, dayMs(PAID_DAY)],
    ]);
    const entries = await app.query<Row>(
      "select commission_id, type, amount_minor, occurred_at from commission_entries where payout_id = ? order by commission_id",
      id,
    );
    expect(entries).toEqual(
      [
        { commission_id: a.commissionId, type: "payout", amount_minor: -12345, occurred_at: dayMs(PAID_DAY) },
        { commission_id: b.commissionId, type: "payout", amount_minor: -1000, occurred_at: dayMs(PAID_DAY) },
      ].sort((x, y) => x.commission_id - y.commission_id),
    );
    expect(
      await app.query(
        "select action, details from activity_logs where activity_type = 'payment_processed' and business_id = ?",
        business.business.id,
      ),
    ).toEqual([
      { action: "Payment processed", details: "Payout Co paid Paid Connector SGD 133.45 by PayNow (reference PN-20261120-1)" },
    ]);
    const title = "Payment received: SGD 133.45 from Payout Co";
    const text = `Payout Co paid you SGD 133.45 by PayNow on ${shownDay(PAID_DAY)} (reference PN-20261120-1).`;
    expect(
      await app.query(
        "select title, body, link from notifications where user_id = ? and title like 'Payment%'",
        connector.user.id,
      ),
    ).toEqual([{ title, body: text, link: "/earnings" }]);
    const mail = await app.query<Row>(
      "select user_id, payload from mail_outbox where kind = 'payout_recorded' and user_id = ?",
      connector.user.id,
    );
    expect(mail.map((m) => JSON.parse(String(m.payload)))).toEqual([{ title, body: text, path: "/earnings" }]);
    const events = await app.query<Row>(
      "select payload from webhook_events where type = 'payout.recorded' and business_id = ?",
      business.business.id,
    );
    expect(events).toHaveLength(1);
    expect(JSON.parse(String(events[0]!.payload)).data).toEqual(payout);
    // The connector reads it too.
    const theirs = await list<Row>(connector.client, "/api/payouts");
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((p) => p.id)).toContain(id);
  });

  it("an Idempotency-Key retry answers the same payout and writes one", async () => {
    const a = await payableCommission(50);
    const payload = body([a.commissionId], { reference: "IDEM-1" });
    const first = await business.client.post("/api/payouts", payload, { "Idempotency-Key": "payout-idem-1" });
    expect(first.status).toBe(201);
    const before = await footprint();
    const again = await business.client.post("/api/payouts", payload, { "Idempotency-Key": "payout-idem-1" });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await footprint()).toEqual(before);
    expect(await app.query("select id from payouts where reference = 'IDEM-1'")).toHaveLength(1);
  });

  it("a commission is paid once, even when two payouts race for it", async () => {
    const a = await payableCommission(70);
    const [x, y] = await Promise.all([
      business.client.post("/api/payouts", body([a.commissionId], { reference: "RACE-1" })),
      business.client.post("/api/payouts", body([a.commissionId], { reference: "RACE-2" })),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    expect(await app.query("select id from payouts where reference in ('RACE-1', 'RACE-2')")).toHaveLength(1);
    expect(
      await app.query("select id from commission_entries where commission_id = ? and type = 'payout'", a.commissionId),
    ).toHaveLength(1);
  });
});

describe("refusals write nothing", () => {
  it("a pending commission: 409, saying until when", async () => {
    const a = await payableCommission(100, { payable: false });
    const until = new Date(Number((await one("select payable_at from commissions where id = ?", a.commissionId)).payable_at));
    const date = until.toLocaleDateString("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" });
    await expectRefused(
      business.client,
      body([a.commissionId]),
      409,
      `Commission ${a.commissionId} is pending until ${date} and cannot be paid yet`,
      "commissionIds",
    );
  });

  it("a reversed commission: 409", async () => {
    const a = await payableCommission(100);
    const reopened = await business.client.patch(`/api/referrals/${a.referralId}`, {
      status: "approved",
      revenueReceived: 100,
      statusNotes: "Refunded; reopening",
    });
    expect(reopened.status, await reopened.clone().text()).toBe(200);
    await expectRefused(
      business.client,
      body([a.commissionId]),
      409,
      `Commission ${a.commissionId} was reversed and cannot be paid`,
      "commissionIds",
    );
  });

  it("paying twice: 409", async () => {
    const a = await payableCommission(100);
    const first = await business.client.post("/api/payouts", body([a.commissionId], { reference: "ONCE" }));
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: number };
    await expectRefused(
      business.client,
      body([a.commissionId], { reference: "TWICE" }),
      409,
      `Commission ${a.commissionId} is already paid (payout ${id}); paying twice is refused`,
      "commissionIds",
    );
  });

  it("another business's, connector's or currency's commission, or an unknown one: 422 Commission not found", async () => {
    const other = await newBusiness(app, { companyName: "Other Payer" });
    const theirs = await payableCommission(100, { b: other });
    const someoneElse = await newConnector(app, { name: "Someone Else" });
    const notTheirs = await payableCommission(100, { c: someoneElse });
    const usd = await payableCommission(100, { currency: "USD" });
    for (const id of [theirs.commissionId, notTheirs.commissionId, usd.commissionId, 99_999_999]) {
      const error = await expectRefused(business.client, body([id]), 422, "Commission not found", "commissionIds");
      expect(error.errors?.commissionIds).toEqual([
        `Commission not found: ${id} is not owed by this business to this connector in SGD`,
      ]);
    }
    await expectRefused(
      business.client,
      body([theirs.commissionId], { connectorId: 99_999_999 }),
      422,
      "Connector not found",
      "connectorId",
    );
  });

  it("bad input: 400 with every field's message", async () => {
    const res = await business.client.post("/api/payouts", {
      businessId: business.business.id,
      connectorId: connector.connectorId,
      currency: "XXX",
      commissionIds: [],
      method: "gold",
      reference: "",
      paidAt: "2999-01-01",
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe("Validation failed");
    expect(error.errors).toEqual({
      currency: ["Choose one of the supported currencies"],
      commissionIds: ["Select at least one commission to pay"],
      method: ["Please choose how you paid"],
      reference: ["Reference is required"],
      paidAt: ["The payment date cannot be in the future"],
    });
    const dup = await business.client.post("/api/payouts", body([5, 5], { paidAt: "20-11-2026" }));
    expect((await errorOf(dup)).errors).toEqual({
      commissionIds: ["Each commission may be listed once"],
      paidAt: ["Enter the payment date as YYYY-MM-DD (or an ISO 8601 timestamp)"],
    });
  });
});

describe("dating a payout (issue 32 N10, decision 116)", () => {
  it('paidAt "0001-01-01" or 91 days back is refused (400 on paidAt) and nothing is written', async () => {
    const a = await payableCommission(500);
    await expectRefused(
      business.client,
      body([a.commissionId], { paidAt: "0001-01-01" }),
      400,
      "The payment date cannot be more than 90 days ago",
      "paidAt",
    );
    const old = new Date(Date.now() - 91 * DAY_MS).toISOString().slice(0, 10);
    await expectRefused(
      business.client,
      body([a.commissionId], { paidAt: old }),
      400,
      "The payment date cannot be more than 90 days ago",
    );
    expect(await one("select status from commissions where id = ?", a.commissionId)).toEqual({ status: "payable" });
  });

  it("a payout cannot be dated before the latest moment its commissions became payable", async () => {
    const early = await payableCommission(100, { payableAt: dayMs(-17, 8) });
    const late = await payableCommission(100, { payableAt: dayMs(-12, 8) });
    const message = `The payment date cannot be before ${shownDay(-12)}, when commission ${late.commissionId} became payable`;
    const error = await expectRefused(
      business.client,
      body([early.commissionId, late.commissionId], { paidAt: dateOf(-15) }),
      400,
      message,
    );
    expect(error.errors).toEqual({ paidAt: [message] });
    // A timestamp a minute before is refused; the day itself (a date alone) and later are accepted.
    await expectRefused(
      business.client,
      body([late.commissionId], { paidAt: new Date(dayMs(-12, 7 + 50 / 60)).toISOString() }),
      400,
      message,
    );
    const ok = await business.client.post("/api/payouts", body([early.commissionId, late.commissionId], { paidAt: dateOf(-12) }));
    expect(ok.status, await ok.clone().text()).toBe(201);
  });

  it("/business/payouts shows the message under the payment date field", async () => {
    const screenBusiness = await newBusiness(app, { companyName: "Dated Payer" });
    const screenConnector = await newConnector(app, { name: "Dated Connector" });
    const a = await payableCommission(200, { b: screenBusiness, c: screenConnector });
    const res = await screenBusiness.client.post(
      "/business/payouts",
      new URLSearchParams([
        ["intent", "record"],
        ["connectorId", String(screenConnector.connectorId)],
        ["currency", "SGD"],
        ["commissionIds", String(a.commissionId)],
        ["method", "bank_transfer"],
        ["paidAt", "0001-01-01"],
        ["reference", "BACKDATED"],
      ]).toString(),
      { "Content-Type": "application/x-www-form-urlencoded" },
    );
    expect(res.status).toBe(400);
    expect(await pageText(res)).toMatch(/id="[^"]*paidAt-error"[^>]*>(<p>)?The payment date cannot be more than 90 days ago/);
    expect(await app.query("select id from payouts where business_id = ?", screenBusiness.business.id)).toEqual([]);
  });
});

describe("netting: a paid commission that is clawed back", () => {
  it("the adjustment must be included, and the next payout pays the net", async () => {
    const netting = await newConnector(app, { name: "Netting Connector" });
    const forNet = (ids: number[], extra: Record<string, unknown> = {}) =>
      // Dated today: the clawback's adjustment becomes payable now, and a payout is not dated before it (decision 116).
      body(ids, { connectorId: netting.connectorId, paidAt: new Date().toISOString().slice(0, 10), ...extra });
    const first = await payableCommission(300, { c: netting });
    const paid = await business.client.post("/api/payouts", forNet([first.commissionId], { reference: "NET-1" }));
    expect(paid.status).toBe(201);
    // The referral is rejected after payment: an adjustment of -30.00, payable at once.
    const rejected = await business.client.patch(`/api/referrals/${first.referralId}`, {
      status: "rejected",
      rejectionReason: "other",
      statusNotes: "Chargeback",
    });
    expect(rejected.status).toBe(200);
    const adjustment = await one(
      "select id, amount_minor, status from commissions where adjusts_commission_id = ?",
      first.commissionId,
    );
    expect(adjustment).toMatchObject({ amount_minor: -3000, status: "payable" });
    const second = await payableCommission(500, { c: netting });
    // Leaving the adjustment out pays more than is owed.
    await expectRefused(
      business.client,
      forNet([second.commissionId], { reference: "NET-2" }),
      409,
      "This pays more than is owed: SGD 50.00 selected, but SGD 20.00 is owed to Netting Connector in SGD. Include the outstanding adjustments.",
      "commissionIds",
    );
    // The adjustment alone is nothing to pay.
    await expectRefused(
      business.client,
      forNet([adjustment.id as number]),
      409,
      "Nothing to pay: the selected items come to -SGD 30.00",
      "commissionIds",
    );
    const net = await business.client.post(
      "/api/payouts",
      forNet([second.commissionId, adjustment.id as number], { reference: "NET-2" }),
    );
    expect(net.status, await net.clone().text()).toBe(201);
    expect(await net.json()).toMatchObject({ amountMinor: 2000, amount: "20.00" });
    expect(
      await app.query(
        "select commission_id, amount_minor from commission_entries where type = 'payout' and payout_id = (select id from payouts where reference = 'NET-2') order by commission_id",
      ),
    ).toEqual(
      [
        { commission_id: second.commissionId, amount_minor: -5000 },
        { commission_id: adjustment.id, amount_minor: 3000 },
      ].sort((x, y) => Number(x.commission_id) - Number(y.commission_id)),
    );
    // Everything owed to this connector is settled: the entries sum to zero.
    expect(
      await one("select sum(amount_minor) as balance from commission_entries where connector_id = ?", netting.connectorId),
    ).toEqual({ balance: 0 });
  });
});

describe("who may record and read payouts", () => {
  it("a team member gets 403, a stranger 404, a connector may read theirs but not record", async () => {
    const a = await payableCommission(100);
    const member = await signedUp(app);
    await joinTeam(app, business.client, business.business.id, member, { name: "Member Seat", role: "member" });
    await expectRefused(member.client, body([a.commissionId]), 403, MANAGERS_ONLY);
    expect((await member.client.get(`/api/payouts?businessId=${business.business.id}`)).status).toBe(403);
    const stranger = await newBusiness(app);
    await expectRefused(stranger.client, body([a.commissionId]), 404, "Business not found");
    await expectRefused(connector.client, body([a.commissionId]), 404, "Business not found");
    // A team admin may.
    const admin = await signedUp(app);
    await joinTeam(app, business.client, business.business.id, admin, { name: "Admin Seat", role: "admin" });
    const res = await admin.client.post("/api/payouts", body([a.commissionId], { reference: "BY-ADMIN" }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    // Reading: the connector sees theirs, the stranger none of it, a platform admin all.
    const mine = await list<Row>(connector.client, `/api/payouts?connectorId=${connector.connectorId}&currency=SGD`);
    expect(mine.body.map((p) => p.id)).toContain(id);
    expect((await list<Row>(stranger.client, "/api/payouts")).body).toEqual([]);
    const platform = await newAdmin(app, { name: "Payout Admin" });
    const all = await list<Row>(platform.client, `/api/payouts?businessId=${business.business.id}&limit=500`);
    expect(all.body.map((p) => p.id)).toContain(id);
    expect(Number(all.total)).toBe(all.body.length);
    const paged = await list<Row>(business.client, `/api/payouts?businessId=${business.business.id}&limit=1&offset=0`);
    expect(paged.body).toHaveLength(1);
    expect(paged.total).toBe(all.total);
    expect((await business.client.get("/api/payouts?currency=XXX")).status).toBe(400);
  });
});

describe("API keys", () => {
  it("a business key with payouts:write records (commissions:read lists); a personal key with commissions:read lists the connector's own", async () => {
    const keyRes = await business.client.post("/api/api-keys", {
      name: "Payout key",
      scopes: ["payouts:write", "commissions:read"],
      businessId: business.business.id,
    });
    expect(keyRes.status, await keyRes.clone().text()).toBe(201);
    const { key } = (await keyRes.json()) as { key: string };
    const readOnly = await business.client.post("/api/api-keys", {
      name: "Read key",
      scopes: ["commissions:read"],
      businessId: business.business.id,
    });
    const { key: readKey } = (await readOnly.json()) as { key: string };
    const withKey = (secret: string, method: string, path: string, payload?: unknown) =>
      app.fetch(path, {
        method,
        headers: { Authorization: `Bearer ${secret}`, ...(payload ? { "Content-Type": "application/json" } : {}) },
        body: payload ? JSON.stringify(payload) : undefined,
      });
    const a = await payableCommission(40);
    const refused = await withKey(readKey, "POST", "/api/payouts", body([a.commissionId], { reference: "KEY-NO" }));
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe("This API key lacks the payouts:write scope");
    const res = await withKey(key, "POST", "/api/payouts", body([a.commissionId], { reference: "KEY-1" }));
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const listed = await withKey(readKey, "GET", "/api/payouts");
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Row[]).map((p) => p.id)).toContain(id);

    const personal = await connector.client.post("/api/api-keys", { name: "My earnings", scopes: ["commissions:read"] });
    expect(personal.status, await personal.clone().text()).toBe(201);
    const { key: personalKey } = (await personal.json()) as { key: string };
    const mine = await withKey(personalKey, "GET", "/api/payouts");
    expect(mine.status).toBe(200);
    const rows = (await mine.json()) as Row[];
    expect(rows.map((p) => p.id)).toContain(id);
    expect(rows.every((p) => p.connectorId === connector.connectorId)).toBe(true);
  });
});

describe("the /business/payouts screen", () => {
  const form = (c: Client, fields: Array<[string, string]>) =>
    c.post("/business/payouts", new URLSearchParams(fields).toString(), { "Content-Type": "application/x-www-form-urlencoded" });

  it("shows what is owed with its commissions and pending dates, records a payout from the form, and lists it", async () => {
    const screenBusiness = await newBusiness(app, { companyName: "Screen Payer" });
    const screenConnector = await newConnector(app, { name: "Screen Connector" });
    const a = await payableCommission(200, { b: screenBusiness, c: screenConnector });
    const pending = await payableCommission(80, { b: screenBusiness, c: screenConnector, payable: false });
    const page = await screenBusiness.client.get("/business/payouts");
    expect(page.status).toBe(200);
    const html = await pageText(page);
    expect(html).toContain("Payouts");
    expect(html).toContain("Screen Connector");
    expect(html).toContain("SGD 20.00");
    expect(html).toContain("Download CSV for bulk payment");
    const payableAt = new Date(
      Number((await one("select payable_at from commissions where id = ?", pending.commissionId)).payable_at),
    );
    expect(html).toContain(
      `Payable from ${payableAt.toLocaleDateString("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" })}`,
    );
    for (const label of ["Bank transfer", "PayNow", "PayPal", "Wise", "Cheque", "Cash", "Other"])
      expect(html).toContain(`>${label}</option>`);

    // A bad reference: the field's message, nothing written.
    const bad = await form(screenBusiness.client, [
      ["intent", "record"],
      ["connectorId", String(screenConnector.connectorId)],
      ["currency", "SGD"],
      ["commissionIds", String(a.commissionId)],
      ["method", "bank_transfer"],
      ["paidAt", dateOf(-6)],
      ["reference", ""],
    ]);
    expect(bad.status).toBe(400);
    expect(await pageText(bad)).toContain("Reference is required");
    // The pending one is refused with its date.
    const early = await form(screenBusiness.client, [
      ["intent", "record"],
      ["connectorId", String(screenConnector.connectorId)],
      ["currency", "SGD"],
      ["commissionIds", String(pending.commissionId)],
      ["method", "bank_transfer"],
      ["paidAt", dateOf(-6)],
      ["reference", "EARLY"],
    ]);
    expect(early.status).toBe(409);
    expect(await pageText(early)).toContain(`Commission ${pending.commissionId} is pending until`);
    expect(await app.query("select id from payouts where business_id = ?", screenBusiness.business.id)).toEqual([]);

    const done = await form(screenBusiness.client, [
      ["intent", "record"],
      ["connectorId", String(screenConnector.connectorId)],
      ["currency", "SGD"],
      ["commissionIds", String(a.commissionId)],
      ["method", "bank_transfer"],
      ["paidAt", dateOf(-6)],
      ["reference", "FORM-REF-1"],
    ]);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/business/payouts");
    expect(
      await app.query(
        "select amount_minor, method, reference, recorded_by_user_id from payouts where business_id = ?",
        screenBusiness.business.id,
      ),
    ).toEqual([
      { amount_minor: 2000, method: "bank_transfer", reference: "FORM-REF-1", recorded_by_user_id: screenBusiness.user.id },
    ]);
    expect(await one("select status from commissions where id = ?", a.commissionId)).toEqual({ status: "paid" });
    const after = await pageText(await screenBusiness.client.get("/business/payouts"));
    expect(after).toContain("Payout recorded");
    expect(after).toContain("FORM-REF-1");
    expect(after).toContain(shownDay(-6));
  });

  it("the CSV lists what is payable now per connector and currency", async () => {
    const csvBusiness = await newBusiness(app, { companyName: "Csv Payer" });
    const csvConnector = await newConnector(app, { name: "Csv Connector" });
    const a = await payableCommission(1234.5, { b: csvBusiness, c: csvConnector });
    const b = await payableCommission(1001, { b: csvBusiness, c: csvConnector, currency: "JPY" });
    await payableCommission(10, { b: csvBusiness, c: csvConnector, payable: false });
    const res = await csvBusiness.client.get("/business/payouts.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe('"Connector name","Connector email","Currency","Amount","Commission ids","Reference"');
    const email = String((await one("select email from connectors where id = ?", csvConnector.connectorId)).email);
    const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
    expect(lines.slice(1).sort()).toEqual(
      [
        `"Csv Connector","${email}","JPY","100","${b.commissionId}","WI-${csvBusiness.business.id}-${csvConnector.connectorId}-${day}"`,
        `"Csv Connector","${email}","SGD","123.45","${a.commissionId}","WI-${csvBusiness.business.id}-${csvConnector.connectorId}-${day}"`,
      ].sort(),
    );
  });

  it("a user without a business: the screen says so and the CSV answers 404, never a 500 (issue 32)", async () => {
    const loner = await signedUp(app);
    const page = await loner.client.get("/business/payouts");
    const screenStatus = page.status;
    await page.arrayBuffer();
    const csv = await loner.client.get("/business/payouts.csv");
    expect(csv.status).toBe(404);
    expect(csv.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await csv.text()).toBe("Business profile not found");
    expect(screenStatus).toBeLessThan(500);
  });

  it("a team member is told only owners and admins manage payouts, and gets no CSV", async () => {
    const member = await signedUp(app);
    await joinTeam(app, business.client, business.business.id, member, { name: "Screen Member", role: "member" });
    const page = await member.client.get("/business/payouts");
    expect(page.status).toBe(403);
    expect(await pageText(page)).toContain(MANAGERS_ONLY);
    const csv = await member.client.get("/business/payouts.csv");
    expect(csv.status).toBe(403);
    const refused = await form(member.client, [
      ["intent", "record"],
      ["connectorId", String(connector.connectorId)],
      ["currency", "SGD"],
      ["commissionIds", "1"],
      ["method", "cash"],
      ["paidAt", dateOf(-6)],
      ["reference", "NOPE"],
    ]);
    expect(refused.status).toBe(403);
  });
});
