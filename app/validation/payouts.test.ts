import { describe, expect, it } from "vitest";
import { PAID_AT_FUTURE, PAID_AT_INVALID, PayoutInputSchema, parsePaidAt } from "./payouts";

const valid = {
  businessId: 1,
  connectorId: 2,
  currency: "SGD",
  commissionIds: [3, 4],
  method: "paynow",
  reference: "PN-1",
  paidAt: "2026-11-20",
};

describe("the payment date", () => {
  it("a date is midnight UTC; a timestamp keeps its instant", () => {
    expect(parsePaidAt("2026-11-20")?.toISOString()).toBe("2026-11-20T00:00:00.000Z");
    expect(parsePaidAt("2026-11-20T09:30:00+08:00")?.toISOString()).toBe("2026-11-20T01:30:00.000Z");
  });

  it("refuses dates that do not exist and other shapes", () => {
    for (const text of ["2026-02-30", "20-11-2026", "2026/11/20", "yesterday", "2026-11-20T09:30:00"])
      expect(parsePaidAt(text)).toBeNull();
  });

  it("today in the earliest time zone passes; tomorrow everywhere does not", () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(PayoutInputSchema.safeParse({ ...valid, paidAt: today }).success).toBe(true);
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const result = PayoutInputSchema.safeParse({ ...valid, paidAt: later });
    expect(result.error?.issues.map((i) => i.message)).toEqual([PAID_AT_FUTURE]);
    const bad = PayoutInputSchema.safeParse({ ...valid, paidAt: "soon" });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([PAID_AT_INVALID]);
  });
});

describe("the commissions", () => {
  it("must be a non-empty list of distinct positive ids", () => {
    const messages = (commissionIds: unknown) =>
      PayoutInputSchema.safeParse({ ...valid, commissionIds }).error?.issues.map((i) => i.message);
    expect(messages([])).toEqual(["Select at least one commission to pay"]);
    expect(messages([3, 3])).toEqual(["Each commission may be listed once"]);
    expect(messages([0])).toEqual(["Expected a positive id"]);
    expect(messages([1.5])).toEqual(["Expected a whole number"]);
  });

  it("a reference is 1 to 100 characters; unknown fields are refused", () => {
    expect(PayoutInputSchema.safeParse({ ...valid, reference: "x".repeat(101) }).success).toBe(false);
    expect(PayoutInputSchema.safeParse({ ...valid, amount: 5 }).success).toBe(false);
  });
});
