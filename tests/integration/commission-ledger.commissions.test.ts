import { describe, expect, it } from "vitest";
import { ledgerFile } from "./helpers/ledger";
import { errorOf } from "./helpers/responses";

/**
 * The write side of the money ledger (issue 17, decision 063): what a referral's status and revenue
 * changes do to its commission, read from the stored rows.
 */
const { app, business, commissionsOf, entriesOf, consentedReferral, progress, markPaid, expectLedgerAddsUp } = ledgerFile();

describe("a completed referral with revenue earns a commission", () => {
  it("1,234.50 SGD at 10% is 12,345 cents, pending for the business's 30-day hold", async () => {
    const id = await consentedReferral(10);
    const res = await progress(id, { status: "completed", revenueReceived: 1234.5, revenueCurrency: "SGD" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ feeAmount: 123.45 });
    const [commission, ...more] = await commissionsOf(id);
    expect(more).toEqual([]);
    expect(commission).toMatchObject({
      kind: "commission",
      status: "pending",
      currency: "SGD",
      amount_minor: 12345,
      revenue_minor: 123450,
      hold_days: 30,
      superseded_at: null,
    });
    expect(commission!.payable_at - commission!.created_at).toBe(30 * 24 * 60 * 60 * 1000);
    expect(await entriesOf(id)).toEqual([
      { commission_id: commission!.id, type: "commission", amount_minor: 12345, currency: "SGD" },
    ]);
  });

  it("a JPY referral keeps whole yen: 1,001 JPY at 12.5% is 125 yen (half-up), and the fee says so", async () => {
    // 12.5% against the business's 10% is a proposal (issue 33): accepted, the connector's rate pays.
    const id = await consentedReferral(12.5);
    const res = await progress(id, {
      status: "completed",
      revenueReceived: 1001,
      revenueCurrency: "JPY",
      cashbackProposal: "accept",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ feeAmount: 125 });
    expect(await commissionsOf(id)).toMatchObject([{ currency: "JPY", amount_minor: 125, revenue_minor: 1001 }]);
  });

  it("refuses yen with decimals, writing nothing", async () => {
    const id = await consentedReferral(10);
    const res = await progress(id, { status: "completed", revenueReceived: 1000.5, revenueCurrency: "JPY" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual({ revenueReceived: ["JPY amounts have no decimals"] });
    expect(await commissionsOf(id)).toEqual([]);
  });

  it("nothing for an approved referral with revenue, a completed one without, or a zero fee", async () => {
    const a = await consentedReferral(10);
    await progress(a, { status: "approved", revenueReceived: 500 });
    const b = await consentedReferral(10);
    await progress(b, { status: "completed" });
    // A 0% cashback is a proposal against the 10% fee (issue 33): accepted, the fee is zero.
    const c = await consentedReferral(0);
    await progress(c, { status: "completed", revenueReceived: 500, cashbackProposal: "accept" });
    for (const id of [a, b, c]) expect(await commissionsOf(id)).toEqual([]);
  });

  it("a business with a 0-day hold owes it at once", async () => {
    await app.query("update businesses set hold_days = 0 where id = ?", business.business.id);
    try {
      const id = await consentedReferral(10);
      await progress(id, { status: "completed", revenueReceived: 100 });
      expect(await commissionsOf(id)).toMatchObject([{ status: "payable", hold_days: 0, amount_minor: 1000 }]);
    } finally {
      await app.query("update businesses set hold_days = 30 where id = ?", business.business.id);
    }
  });

  it("saving the same revenue again (a note, a round trip) writes no new entry", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 200 });
    await progress(id, { status: "completed", revenueReceived: 200, statusNotes: "Invoice sent" });
    expect(await commissionsOf(id)).toHaveLength(1);
    expect(await entriesOf(id)).toHaveLength(1);
  });
});

describe("changes are entries, never edits", () => {
  it("an unpaid commission is reversed with its reason when the referral leaves completed", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 300 });
    const res = await progress(id, { status: "approved", revenueReceived: 300, statusNotes: "Refunded; reopening" });
    expect(res.status).toBe(200);
    const [reversed] = await commissionsOf(id);
    expect(reversed).toMatchObject({ status: "reversed", reversal_reason: "left_completed", amount_minor: 3000 });
    expect(reversed!.superseded_at).not.toBeNull();
    expect((await entriesOf(id)).map((e) => [e.type, e.amount_minor])).toEqual([
      ["commission", 3000],
      ["reversal", -3000],
    ]);
  });

  it("a revenue change reverses the old commission and creates the new one", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 300 });
    await progress(id, { status: "completed", revenueReceived: 450 });
    const rows = await commissionsOf(id);
    expect(rows.map((r) => [r.status, r.amount_minor, r.reversal_reason])).toEqual([
      ["reversed", 3000, "revenue_changed"],
      ["pending", 4500, null],
    ]);
    expect((await entriesOf(id)).map((e) => [e.type, e.amount_minor])).toEqual([
      ["commission", 3000],
      ["reversal", -3000],
      ["commission", 4500],
    ]);
  });

  it("a currency change is a revenue change", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 300, revenueCurrency: "SGD" });
    await progress(id, { status: "completed", revenueReceived: 300, revenueCurrency: "USD" });
    expect((await commissionsOf(id)).map((r) => [r.status, r.currency])).toEqual([
      ["reversed", "SGD"],
      ["pending", "USD"],
    ]);
  });

  it("a paid commission gets a negative adjustment, payable at once, and stays paid", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 300 });
    const [commission] = await commissionsOf(id);
    await markPaid(commission!.id);
    const res = await progress(id, { status: "rejected", rejectionReason: "other", statusNotes: "Chargeback" });
    expect(res.status).toBe(200);
    const rows = await commissionsOf(id);
    expect(rows.map((r) => [r.kind, r.status, r.amount_minor, r.adjusts_commission_id])).toEqual([
      ["commission", "paid", 3000, null],
      ["adjustment", "payable", -3000, commission!.id],
    ]);
    expect((await entriesOf(id)).map((e) => [e.type, e.amount_minor])).toEqual([
      ["commission", 3000],
      ["payout", -3000],
      ["adjustment", -3000],
    ]);
  });

  it("the database refuses editing or deleting an entry, and paying what is not payable", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 100 });
    const [commission] = await commissionsOf(id);
    await expect(
      app.query("update commission_entries set amount_minor = 1 where commission_id = ?", commission!.id),
    ).rejects.toThrow(/append_only/);
    await expect(app.query("delete from commission_entries where commission_id = ?", commission!.id)).rejects.toThrow(
      /append_only/,
    );
    // Pending: the hold has not passed.
    await expect(markPaid(commission!.id, { makePayable: false })).rejects.toThrow(/commission_not_payable/);
  });
});

describe("racing changes", () => {
  it("two updates at once never leave two standing commissions or a 500: the loser is told to reload (409)", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await consentedReferral(10);
      const results = await Promise.all([
        progress(id, { status: "completed", revenueReceived: 100 }),
        progress(id, { status: "completed", revenueReceived: 200 }),
        progress(id, { status: "completed", revenueReceived: 300 }),
      ]);
      for (const res of results) expect([200, 409]).toContain(res.status);
      for (const res of results.filter((r) => r.status === 409))
        expect((await errorOf(res)).message).toBe(
          "This referral's commission changed while you were saving. Reload and try again.",
        );
      await expectLedgerAddsUp([id]);
    }
  });
});
