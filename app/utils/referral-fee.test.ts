import { describe, expect, it } from "vitest";
import { feeFields, formatReferralFee, parseReferralFee } from "./referral-fee";

describe("parseReferralFee and formatReferralFee", () => {
  it.each([
    ["12%", { kind: "percentage", basisPoints: 1200 }, "12%"],
    ["12.5 %", { kind: "percentage", basisPoints: 1250 }, "12.5%"],
    ["$500", { kind: "flat", amountMinor: 50000, currency: "USD" }, "$500"],
    ["S$500", { kind: "flat", amountMinor: 50000, currency: "SGD" }, "SGD 500"],
    ["SGD 1,000", { kind: "flat", amountMinor: 100000, currency: "SGD" }, "SGD 1,000"],
    ["eur 12.5", { kind: "flat", amountMinor: 1250, currency: "EUR" }, "EUR 12.50"],
    ["10,000 JPY", { kind: "flat", amountMinor: 10000, currency: "JPY" }, "JPY 10,000"],
  ] as const)("%s reads as one fee and shows as its display string", (text, terms, shown) => {
    expect(parseReferralFee(text)).toEqual(terms);
    expect(formatReferralFee(terms)).toBe(shown);
  });

  it.each(["Negotiable", "10% of the first invoice", "12.25%", "0%", "$0", "$1,0000", "JPY 1.5", "XYZ 5", "500", ""])(
    "%j reads as no fee",
    (text) => {
      expect(parseReferralFee(text)).toBeNull();
    },
  );

  it("the API's fields: the kind's figures, the other kind's null, all null when unstructured", () => {
    expect(feeFields({ kind: "flat", basisPoints: null, amountMinor: 50000, currency: "USD" })).toEqual({
      feeKind: "flat",
      feePercentage: null,
      feeAmount: 500,
      feeCurrency: "USD",
    });
    expect(feeFields({ kind: "percentage", basisPoints: 1250, amountMinor: null, currency: null })).toEqual({
      feeKind: "percentage",
      feePercentage: 12.5,
      feeAmount: null,
      feeCurrency: null,
    });
    expect(feeFields({ kind: null, basisPoints: null, amountMinor: null, currency: null })).toEqual({
      feeKind: null,
      feePercentage: null,
      feeAmount: null,
      feeCurrency: null,
    });
  });
});
