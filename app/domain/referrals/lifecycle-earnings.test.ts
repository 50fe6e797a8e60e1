import { describe, expect, it } from "vitest";
import { toHundredths } from "../../utils/money";
import { commissionFor, commissionRateOf, type EarningColumns, feeAmountOf, referralCommission } from "../money/commission";
import { answerProposal, NO_OPEN_PROPOSAL, proposalOf } from "./lifecycle";

// "What a referral earns" (issue 33): the one formula behind the update screen's preview, the
// referral's feeAmount and the ledger's commission.

const pct = (basisPoints: number) => ({ kind: "percentage" as const, basisPoints });
const open = (basisPoints: number) => ({ basisPoints, proposal: "proposed" as const });

describe("commissionFor", () => {
  it("pays a percentage fee on the revenue, rounded half-up once to the currency's minor units (1,005 JPY at 12.5% = 126 yen)", () => {
    expect(commissionFor(pct(1250), { basisPoints: 1250, proposal: null }, toHundredths(1005), "JPY")).toEqual({
      amountMinor: 126,
      currency: "JPY",
    });
    expect(commissionFor(pct(1000), { basisPoints: 1000, proposal: null }, toHundredths(1234.5), "SGD")).toEqual({
      amountMinor: 12345,
      currency: "SGD",
    });
  });

  it("follows the frozen percentage while the connector's cashback is only proposed or was declined", () => {
    expect(commissionFor(pct(1200), open(10000), toHundredths(2000), "SGD")).toEqual({ amountMinor: 24000, currency: "SGD" });
    expect(commissionFor(pct(1200), { basisPoints: 10000, proposal: "declined" }, toHundredths(2000), "SGD")).toEqual({
      amountMinor: 24000,
      currency: "SGD",
    });
  });

  it("pays the connector's cashback once the business accepted it", () => {
    expect(commissionFor(pct(1200), { basisPoints: 1500, proposal: "accepted" }, toHundredths(2000), "SGD")).toEqual({
      amountMinor: 30000,
      currency: "SGD",
    });
  });

  it("pays a flat fee in its own currency whatever the revenue, even none", () => {
    const flat = { kind: "flat" as const, amountMinor: 50000, currency: "USD" as const };
    for (const revenue of [null, 0, toHundredths(1), toHundredths(1_000_000_000)]) {
      expect(commissionFor(flat, open(10000), revenue, "SGD")).toEqual({ amountMinor: 50000, currency: "USD" });
    }
  });

  it("pays the connector's percentage on unstructured terms (a free-text fee from before), as before", () => {
    expect(commissionFor(null, { basisPoints: 1000, proposal: null }, toHundredths(500), "EUR")).toEqual({
      amountMinor: 5000,
      currency: "EUR",
    });
  });

  it("earns nothing without revenue on a percentage fee, and zero when the amount rounds to nothing", () => {
    expect(commissionFor(pct(1000), { basisPoints: 1000, proposal: null }, null, "SGD")).toBeNull();
    expect(commissionFor(pct(10), { basisPoints: 10, proposal: null }, 4, "SGD")).toEqual({ amountMinor: 0, currency: "SGD" });
  });

  it("never pays more than the frozen terms or an accepted proposal, whatever the cashback", () => {
    for (const cashback of [0, 1200, 5000, 10000]) {
      for (const proposal of [null, "proposed", "declined"] as const) {
        const earned = commissionFor(pct(1200), { basisPoints: cashback, proposal }, toHundredths(1_000_000_000), "SGD");
        expect(earned?.amountMinor).toBe(12_000_000_000);
      }
    }
  });
});

describe("a referral's columns", () => {
  const columns: EarningColumns = {
    termsFeeKind: "percentage",
    termsFeeBasisPoints: 1250,
    termsFeeAmountMinor: null,
    termsFeeCurrency: null,
    cashbackBasisPoints: 10000,
    cashbackProposal: "proposed",
  };
  const flat: EarningColumns = {
    ...columns,
    termsFeeKind: "flat",
    termsFeeBasisPoints: null,
    termsFeeAmountMinor: 50000,
    termsFeeCurrency: "USD",
  };

  it("feeAmount is the commission in hundredths of the revenue's currency: whole yen for JPY", () => {
    expect(feeAmountOf(columns, toHundredths(1005), "JPY")).toBe(12600);
    expect(referralCommission(columns, toHundredths(1005), "JPY")).toEqual({ amountMinor: 126, currency: "JPY" });
  });

  it("a flat fee in another currency than the revenue's has no feeAmount (no exchange rate); in its own it has", () => {
    expect(feeAmountOf(flat, toHundredths(2000), "SGD")).toBeNull();
    expect(feeAmountOf(flat, toHundredths(2000), "USD")).toBe(50000);
  });

  it("the rate a commission records is the frozen one until the proposal is accepted, none for a flat fee", () => {
    expect(commissionRateOf(columns)).toBe(1250);
    expect(commissionRateOf({ ...columns, cashbackProposal: "accepted" })).toBe(10000);
    expect(commissionRateOf(flat)).toBeNull();
    expect(commissionRateOf({ ...columns, termsFeeKind: null, termsFeeBasisPoints: null })).toBe(10000);
  });
});

describe("the cashback proposal", () => {
  it("is one when the cashback differs from a percentage fee; never against a flat fee or unstructured terms", () => {
    expect(proposalOf(pct(1200), 10000)).toBe("proposed");
    expect(proposalOf(pct(1200), 1200)).toBeNull();
    expect(proposalOf({ kind: "flat", amountMinor: 50000, currency: "USD" }, 1000)).toBeNull();
    expect(proposalOf(null, 1000)).toBeNull();
  });

  it("is answered once: an open one is accepted or declined, the same answer again is a no-op, any other a 409", () => {
    expect(answerProposal("proposed", undefined)).toEqual({ proposal: "proposed" });
    expect(answerProposal("proposed", "accept")).toEqual({ proposal: "accepted" });
    expect(answerProposal("proposed", "decline")).toEqual({ proposal: "declined" });
    expect(answerProposal("accepted", "accept")).toEqual({ proposal: "accepted" });
    expect(answerProposal("accepted", "decline")).toEqual({ status: 409, message: NO_OPEN_PROPOSAL });
    expect(answerProposal("declined", "accept")).toEqual({ status: 409, message: NO_OPEN_PROPOSAL });
    expect(answerProposal(null, "accept")).toEqual({ status: 409, message: NO_OPEN_PROPOSAL });
  });
});
