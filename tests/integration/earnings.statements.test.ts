import { beforeAll, describe, expect, it } from "vitest";
import { earningsFile, monthOf, now, thisMonth, today } from "./helpers/earnings";
import { refer } from "./helpers/marketplace";
import { type Connector, newConnector } from "./helpers/parties";
import { errorOf, pageText } from "./helpers/responses";

/**
 * The connector's side of the ledger (issue 17 section 3, decision 067): balances per currency,
 * monthly statements that add up (closing = opening + movements; one month's closing is the next
 * month's opening), the CSV and printable statement, and that nobody sees another's ledger.
 */
const { app, business, connector, completed, standingOf, pay, balancesOf, statementOf } = earningsFile();

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
