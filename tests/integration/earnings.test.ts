import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { answerIntro } from "./helpers/introductions";
import { refer } from "./helpers/marketplace";
import { type Business, type Connector, newBusiness, newConnector } from "./helpers/parties";
import { errorOf, loaderDataOf, pageText } from "./helpers/responses";

/**
 * The connector's side of the ledger (issue 17 section 3, decision 067): balances per currency,
 * monthly statements that add up (closing = opening + movements; one month's closing is the next
 * month's opening), the CSV and printable statement, and that nobody sees another's ledger.
 */
const app = appPerFile();
let business: Business, connector: Connector, other: Connector;

const now = new Date();
const monthOf = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
const thisMonth = monthOf(0);
const today = now.toISOString().slice(0, 10);

beforeAll(async () => {
  business = await newBusiness(app, { companyName: "Earnings Co" });
  connector = await newConnector(app, { name: "Earning Connector" });
  other = await newConnector(app, { name: "Other Connector" });
});

async function completed(c: Connector, name: string, revenue: number, currency = "SGD", cashbackPercentage = 10) {
  const { referral } = await refer(c.client, business.business.id, { referredPersonName: name, cashbackPercentage });
  await answerIntro(app, referral.id);
  const res = await business.client.patch(`/api/referrals/${referral.id}`, {
    status: "completed",
    revenueReceived: revenue,
    revenueCurrency: currency,
    // Another cashback than the business's 10% is a proposal (issue 33): the business accepts it.
    ...(cashbackPercentage === 10 ? {} : { cashbackProposal: "accept" }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return referral.id;
}

const standingOf = async (referralId: number) =>
  (
    await app.query<{ id: number }>(
      "select id from commissions where referral_id = ? and kind = 'commission' and superseded_at is null",
      referralId,
    )
  )[0]!.id;

/**
 * Pays commissions the way a payout does (commission-ledger.test.ts markPaid; POST /api/payouts is
 * tested on its own): the hold passes, a payout row, the commissions paid into it, their payout entries.
 */
async function pay(commissionIds: number[], reference: string) {
  const rows = await app.query<{ id: number; connector_id: number; business_id: number; currency: string; amount_minor: number }>(
    `select id, connector_id, business_id, currency, amount_minor from commissions where id in (${commissionIds.join(",")})`,
  );
  const first = rows[0]!;
  const total = rows.reduce((sum, r) => sum + r.amount_minor, 0);
  const paidAt = Date.now();
  await app.query(`update commissions set status = 'payable' where status = 'pending' and id in (${commissionIds.join(",")})`);
  await app.query(
    "insert into payouts (business_id, connector_id, currency, amount_minor, method, reference, paid_at) values (?, ?, ?, ?, 'paynow', ?, ?)",
    first.business_id,
    first.connector_id,
    first.currency,
    total,
    reference,
    paidAt,
  );
  for (const r of rows) {
    await app.query(
      "update commissions set status = 'paid', payout_id = (select max(id) from payouts), paid_at = ? where id = ?",
      paidAt,
      r.id,
    );
    await app.query(
      "insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, payout_id, occurred_at) values (?, ?, ?, ?, 'payout', ?, (select max(id) from payouts), ?)",
      r.id,
      r.connector_id,
      r.business_id,
      r.currency,
      -r.amount_minor,
      paidAt,
    );
  }
}

type BalanceBody = {
  currency: string;
  pendingMinor: number;
  payableMinor: number;
  paidMinor: number;
  owedMinor: number;
  pending: string;
  payable: string;
  paid: string;
  owed: string;
};
type StatementBody = {
  month: string;
  currency: string;
  openingBalanceMinor: number;
  commissionsMinor: number;
  reversalsAndAdjustmentsMinor: number;
  payoutsMinor: number;
  closingBalanceMinor: number;
  closingBalance: string;
  lines: { type: string; amountMinor: number; amount: string; referredPersonName: string; payoutReference: string | null }[];
};

async function balancesOf(c: { client: Connector["client"] }) {
  const res = await c.client.get("/api/earnings");
  expect(res.status).toBe(200);
  return ((await res.json()) as { balances: BalanceBody[] }).balances;
}
async function statementOf(c: { client: Connector["client"] }, month: string, currency = "SGD") {
  const res = await c.client.get(`/api/statements?month=${month}&currency=${currency}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as StatementBody;
}

describe("balances per currency", () => {
  let pendingId: number;
  beforeAll(async () => {
    pendingId = await completed(connector, "Pending Pia", 1234.5);
    const paid = await completed(connector, "Paid Paulo", 200);
    await pay([await standingOf(paid)], "PAY-REF-0001");
    const yen = await completed(connector, "Yen Yoko", 1001, "JPY", 12.5);
    await app.query("update commissions set status = 'payable' where id = ?", await standingOf(yen));
  });

  it("GET /api/earnings: pending, payable, paid and owed (the sum of entries), never summed across currencies", async () => {
    const res = await connector.client.get("/api/earnings");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      connectorId: connector.connectorId,
      balances: [
        {
          currency: "SGD",
          pendingMinor: 12345,
          payableMinor: 0,
          paidMinor: 2000,
          owedMinor: 12345,
          pending: "123.45",
          payable: "0.00",
          paid: "20.00",
          owed: "123.45",
        },
        {
          currency: "JPY",
          pendingMinor: 0,
          payableMinor: 125,
          paidMinor: 0,
          owedMinor: 125,
          pending: "0",
          payable: "125",
          paid: "0",
          owed: "125",
        },
      ],
    });
    const [sum] = await app.query<{ owed: number }>(
      "select sum(amount_minor) as owed from commission_entries where connector_id = ? and currency = 'SGD'",
      connector.connectorId,
    );
    expect(sum?.owed).toBe(12345);
  });

  it("the Earnings screen shows the cards, each commission with its referral, business and dates, and the payouts with references", async () => {
    const res = await connector.client.get("/earnings");
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toContain("<title>Earnings | Warm Intros</title>");
    for (const text of [
      "Pending",
      "Payable",
      "Paid",
      "SGD 123.45",
      "SGD 20.00",
      "JPY 125",
      "Owed to you: SGD 123.45",
      "Pending Pia",
      "Paid Paulo",
      "Yen Yoko",
      "Earnings Co",
      "Payouts received",
      "PAY-REF-0001",
      "PayNow",
      "Monthly statements",
    ])
      expect(html, text).toContain(text);
    const [pending] = await app.query<{ payable_at: number }>(
      "select payable_at from commissions where id = ?",
      await standingOf(pendingId),
    );
    const expected = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(pending!.payable_at));
    expect(html).toContain(`Expected payable ${expected}`);
    expect(html).toMatch(/Paid \d{1,2} \w{3} \d{4} · Ref PAY-REF-0001/);
  });

  it("the dashboard's earnings card reads the ledger, with a link to Earnings", async () => {
    const res = await connector.client.get("/_root.data");
    const { dashboard } = await loaderDataOf<{ dashboard: { earnings: unknown[] } }>(res, "routes/_app._index");
    expect(dashboard.earnings).toEqual([
      { currency: "SGD", pendingMinor: 12345, payableMinor: 0, paidMinor: 2000, owedMinor: 12345 },
      { currency: "JPY", pendingMinor: 0, payableMinor: 125, paidMinor: 0, owedMinor: 125 },
    ]);
    const html = await pageText(await connector.client.get("/"));
    expect(html).toContain("View earnings");
    expect(html).toContain('href="/earnings"');
  });

  it("another connector never sees this ledger: empty balances, an empty statement, no names", async () => {
    expect(await balancesOf(other)).toEqual([]);
    const statement = await statementOf(other, thisMonth);
    expect(statement).toMatchObject({ openingBalanceMinor: 0, closingBalanceMinor: 0, lines: [] });
    const html = await pageText(await other.client.get("/earnings"));
    expect(html).toContain("No earnings yet. You earn a commission when a business completes your referral with revenue.");
    expect(html).toContain("No payouts yet.");
    for (const name of ["Pending Pia", "Paid Paulo", "PAY-REF-0001"]) expect(html).not.toContain(name);
    const statementPage = await pageText(await other.client.get(`/earnings/statements/${thisMonth}?currency=SGD`));
    expect(statementPage).toContain("No entries this month.");
    expect(statementPage).not.toContain("Pending Pia");
  });
});

describe("monthly statements", () => {
  let ledger: Connector;
  let names: { reversed: string; clawed: string };
  beforeAll(async () => {
    ledger = await newConnector(app, { name: "Statement Connector" });
    // Last month: a commission of SGD 50.00 (written as the ledger writes one, dated then).
    const lastMonthAt = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12);
    const { referral } = await refer(ledger.client, business.business.id, { referredPersonName: "Earlier Eve" });
    await app.query(
      "insert into commissions (referral_id, connector_id, business_id, kind, status, currency, amount_minor, revenue_minor, cashback_basis_points, hold_days, payable_at, created_at) values (?, ?, ?, 'commission', 'pending', 'SGD', 5000, 50000, 1000, 30, ?, ?)",
      referral.id,
      ledger.connectorId,
      business.business.id,
      lastMonthAt + 30 * 86_400_000,
      lastMonthAt,
    );
    await app.query(
      "insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, occurred_at) values ((select max(id) from commissions), ?, ?, 'SGD', 'commission', 5000, ?)",
      ledger.connectorId,
      business.business.id,
      lastMonthAt,
    );
    // This month: a revenue change reverses 30.00 and earns 45.00; 10.00 is paid, then clawed back.
    names = { reversed: "Revised Rita", clawed: "Clawed Carl" };
    const revised = await completed(ledger, names.reversed, 300);
    const res = await business.client.patch(`/api/referrals/${revised}`, {
      status: "completed",
      revenueReceived: 450,
      revenueCurrency: "SGD",
    });
    expect(res.status).toBe(200);
    const clawed = await completed(ledger, names.clawed, 100);
    await pay([await standingOf(clawed)], "BANK-77");
    const rejected = await business.client.patch(`/api/referrals/${clawed}`, {
      status: "rejected",
      rejectionReason: "other",
      statusNotes: "Chargeback",
    });
    expect(rejected.status).toBe(200);
    // A yen commission: whole yen throughout.
    await completed(ledger, "Yen Yuki", 1001, "JPY", 12.5);
  });

  it("closing = opening + commissions + reversals and adjustments + payouts, and one month's closing opens the next", async () => {
    const last = await statementOf(ledger, monthOf(-1));
    expect(last).toMatchObject({
      month: monthOf(-1),
      currency: "SGD",
      openingBalanceMinor: 0,
      commissionsMinor: 5000,
      reversalsAndAdjustmentsMinor: 0,
      payoutsMinor: 0,
      closingBalanceMinor: 5000,
    });
    const current = await statementOf(ledger, thisMonth);
    expect(current).toMatchObject({
      openingBalanceMinor: 5000,
      commissionsMinor: 3000 + 4500 + 1000,
      reversalsAndAdjustmentsMinor: -3000 - 1000,
      payoutsMinor: -1000,
      closingBalanceMinor: 8500,
      closingBalance: "85.00",
    });
    expect(current.openingBalanceMinor).toBe(last.closingBalanceMinor);
    expect(current.closingBalanceMinor).toBe(
      current.openingBalanceMinor + current.commissionsMinor + current.reversalsAndAdjustmentsMinor + current.payoutsMinor,
    );
    expect(current.lines.reduce((sum, l) => sum + l.amountMinor, current.openingBalanceMinor)).toBe(current.closingBalanceMinor);
    expect(current.lines.map((l) => [l.type, l.amount, l.referredPersonName, l.payoutReference])).toEqual([
      ["commission", "30.00", names.reversed, null],
      ["reversal", "-30.00", names.reversed, null],
      ["commission", "45.00", names.reversed, null],
      ["commission", "10.00", names.clawed, null],
      ["payout", "-10.00", names.clawed, "BANK-77"],
      ["adjustment", "-10.00", names.clawed, null],
    ]);
    const next = await statementOf(ledger, monthOf(1));
    expect(next).toMatchObject({ openingBalanceMinor: 8500, closingBalanceMinor: 8500, lines: [] });
    // The closing balance is what is owed: the sum of every entry.
    expect((await balancesOf(ledger)).find((b) => b.currency === "SGD")?.owedMinor).toBe(8500);
  });

  it("a JPY statement keeps whole yen", async () => {
    const yen = await statementOf(ledger, thisMonth, "JPY");
    expect(yen).toMatchObject({ openingBalanceMinor: 0, commissionsMinor: 125, closingBalanceMinor: 125, closingBalance: "125" });
    expect(yen.lines.map((l) => l.amount)).toEqual(["125"]);
    const csv = await (await ledger.client.get(`/earnings/statements/${thisMonth}.csv?currency=JPY`)).text();
    expect(csv).toContain(`"${today}","Commission","Yen Yuki","Earnings Co","","125","JPY"\r\n`);
    expect(csv).toContain('"Closing balance","125"\r\n');
  });

  it("the CSV has the summary rows, the header row and one row per entry, amounts as decimal strings", async () => {
    const res = await ledger.client.get(`/earnings/statements/${thisMonth}.csv?currency=SGD`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="statement-${thisMonth}-SGD.csv"`);
    const lines = (await res.text()).split("\r\n");
    expect(lines.slice(0, 11)).toEqual([
      '"Statement","Warm Intros earnings statement"',
      '"Connector","Statement Connector"',
      `"Month","${thisMonth}"`,
      '"Currency","SGD"',
      '"Opening balance","50.00"',
      '"Commissions","85.00"',
      '"Reversals and adjustments","-40.00"',
      '"Payouts","-10.00"',
      '"Closing balance","85.00"',
      "",
      '"Date","Type","Referral","Business","Payout reference","Amount","Currency"',
    ]);
    expect(lines.slice(11, -1)).toHaveLength(6);
    expect(lines).toContain(`"${today}","Payout","Clawed Carl","Earnings Co","BANK-77","-10.00","SGD"`);
    expect(lines).toContain(`"${today}","Reversal","Revised Rita","Earnings Co","","-30.00","SGD"`);
    expect(lines.at(-1)).toBe("");
  });

  it("the printable page shows the summary and the lines, fitted to A4, with the sidebar hidden in print", async () => {
    const res = await ledger.client.get(`/earnings/statements/${thisMonth}?currency=SGD`);
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toContain("@page { size: A4; margin: 15mm }");
    expect(html).toContain(`<title>Statement ${thisMonth} SGD | Warm Intros</title>`);
    for (const text of [
      "Earnings statement",
      "Statement Connector",
      "Opening balance",
      "SGD 50.00",
      "Reversals and adjustments",
      "-SGD 40.00",
      "Closing balance",
      "SGD 85.00",
      "Revised Rita",
      "BANK-77",
      "Download CSV",
    ])
      expect(html, text).toContain(text);
    expect(html).toMatch(/data-testid="sidebar"[^>]*class="[^"]*print:hidden/);
  });

  it("the Earnings screen's statement form goes to the statement, and refuses a bad month under the field", async () => {
    const ok = await ledger.client.get(`/earnings?statementMonth=${thisMonth}&statementCurrency=SGD`);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/earnings/statements/${thisMonth}?currency=SGD`);
    const bad = await ledger.client.get("/earnings?statementMonth=2026-13&statementCurrency=XXX");
    expect(bad.status).toBe(400);
    const html = await pageText(bad);
    expect(html).toContain("Please enter a month as YYYY-MM");
    expect(html).toContain("Please choose a currency");
  });
});

describe("bad months and currencies", () => {
  it.each([
    ["2026-13", "SGD", "Please enter a month as YYYY-MM"],
    ["2026-1", "SGD", "Please enter a month as YYYY-MM"],
    ["1999-12", "SGD", "Please enter a month as YYYY-MM"],
    ["nope", "SGD", "Please enter a month as YYYY-MM"],
    ["2026-11", "XYZ", "Please choose a currency"],
    ["2026-11", "", "Please choose a currency"],
  ])("%s in %s: a 400 page and a 400 CSV naming it, never a 500", async (month, currency, message) => {
    const page = await connector.client.get(`/earnings/statements/${month}?currency=${currency}`);
    expect(page.status).toBe(400);
    const html = await pageText(page);
    expect(html).toContain("There is no such statement.");
    expect(html).toContain(message);
    const csv = await connector.client.get(`/earnings/statements/${month}.csv?currency=${currency}`);
    expect(csv.status).toBe(400);
    expect(await csv.text()).toBe(message);
  });

  it("GET /api/statements answers 400 with each field's message", async () => {
    const res = await connector.client.get("/api/statements?month=2026-13");
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      message: "Validation failed",
      errors: { month: ["Please enter a month as YYYY-MM"], currency: ["Please choose a currency"] },
    });
  });
});

describe("who may read earnings", () => {
  it("a business account without a connector profile sees Profile Setup Required, and the API says 404", async () => {
    const html = await pageText(await business.client.get("/earnings"));
    expect(html).toContain("Profile Setup Required");
    expect(html).toContain("You need a connector profile before you can earn commissions.");
    expect(html).toContain("Create Connector Profile");
    const res = await business.client.get("/api/earnings");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ message: "Connector profile not found" });
    const statement = await business.client.get(`/api/statements?month=${thisMonth}&currency=SGD`);
    expect(statement.status).toBe(404);
    expect(await (await business.client.get(`/earnings/statements/${thisMonth}.csv?currency=SGD`)).text()).toBe(
      "Connector profile not found",
    );
  });

  it("platform admins are not connectors: the screen is not found, the API 404", async () => {
    const admin = await newAdmin(app);
    expect((await admin.client.get("/earnings")).status).toBe(404);
    expect((await admin.client.get(`/earnings/statements/${thisMonth}?currency=SGD`)).status).toBe(404);
    const res = await admin.client.get("/api/earnings");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ message: "Connector profile not found" });
  });

  it("the logged-out are sent to log in (screens) or get 401 (API)", async () => {
    const anonymous = client(app);
    const res = await anonymous.get("/earnings");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fearnings");
    expect((await anonymous.get(`/earnings/statements/${thisMonth}.csv?currency=SGD`)).status).toBe(302);
    expect((await anonymous.get("/api/earnings")).status).toBe(401);
    expect((await anonymous.get("/api/statements?month=nope")).status).toBe(401);
  });

  it("API keys: a personal key with commissions:read reads its connector's; without it 403; a business key 403", async () => {
    const makeKey = async (c: { client: Connector["client"] }, body: Record<string, unknown>) => {
      const res = await c.client.post("/api/api-keys", body);
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { key: string }).key;
    };
    const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
    const personal = await makeKey(connector, { name: "Books", scopes: ["commissions:read"] });
    const res = await client(app).get("/api/earnings", bearer(personal));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { connectorId: number }).connectorId).toBe(connector.connectorId);
    const statement = await client(app).get(`/api/statements?month=${thisMonth}&currency=SGD`, bearer(personal));
    expect(statement.status).toBe(200);
    expect(((await statement.json()) as StatementBody).lines.map((l) => l.referredPersonName)).toContain("Pending Pia");

    const narrow = await makeKey(connector, { name: "Referrals only", scopes: ["referrals:read"] });
    const refused = await client(app).get("/api/earnings", bearer(narrow));
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ message: "This API key lacks the commissions:read scope" });

    const businessKey = await makeKey(business, {
      name: "Finance",
      scopes: ["commissions:read"],
      businessId: business.business.id,
    });
    const asBusiness = await client(app).get("/api/earnings", bearer(businessKey));
    expect(asBusiness.status).toBe(403);
    expect(await errorOf(asBusiness)).toEqual({
      message: "Earnings are a connector's own: use a personal API key or sign in",
    });
  });
});
