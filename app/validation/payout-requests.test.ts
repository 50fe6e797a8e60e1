import { describe, expect, it } from "vitest";
import { decimalToMinor, PayoutSettingsSchema } from "./payout-requests";

describe("payout settings input (issue 38 part 2)", () => {
  it("reads typed amounts into minor units without floating point, per the currency's decimals", () => {
    expect(decimalToMinor("50", "SGD")).toBe(5000);
    expect(decimalToMinor("50.5", "SGD")).toBe(5050);
    expect(decimalToMinor("1,234.56", "USD")).toBe(123456);
    expect(decimalToMinor("0.29", "EUR")).toBe(29);
    expect(decimalToMinor("5000", "JPY")).toBe(5000);
    expect(decimalToMinor("50.00", "JPY")).toBeNull();
    expect(decimalToMinor("7.555", "SGD")).toBeNull();
    expect(decimalToMinor("-5", "SGD")).toBeNull();
    expect(decimalToMinor("1e3", "SGD")).toBeNull();
  });

  it("takes the terms, the minimums or both, and refuses neither", () => {
    expect(PayoutSettingsSchema.safeParse({ payoutTermsDays: 14 }).success).toBe(true);
    expect(PayoutSettingsSchema.safeParse({ minimums: { SGD: 5000 } }).success).toBe(true);
    expect(PayoutSettingsSchema.safeParse({}).success).toBe(false);
    expect(PayoutSettingsSchema.safeParse({ payoutTermsDays: 91 }).success).toBe(false);
    expect(PayoutSettingsSchema.safeParse({ minimums: { SGD: 1.5 } }).success).toBe(false);
    expect(PayoutSettingsSchema.safeParse({ minimums: { XXX: 1 } }).success).toBe(false);
  });
});
