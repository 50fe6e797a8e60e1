import { describe, expect, it, test } from "vitest";
import {
  basisPointsToPercent,
  CURRENCY_EXPONENTS,
  commissionMinor,
  formatAmount,
  formatMinor,
  fromHundredths,
  hundredthsToMinor,
  minorToDecimalString,
  minorToHundredths,
  percentToBasisPoints,
  toHundredths,
} from "./money";

describe("commissionMinor in a two-decimal currency (integer hundredths × basis points, rounded half-up)", () => {
  test.each([
    // revenue hundredths, basis points, fee hundredths
    [123450, 1000, 12345], // 1234.50 at 10% = 123.45
    [100, 1250, 13], // 1.00 at 12.5% = 0.125 -> 0.13 (half rounds up)
    [100, 1240, 12], // 0.124 -> 0.12
    [1, 5000, 1], // 0.01 at 50% = 0.005 -> 0.01
    [1, 4999, 0], // 0.004999 -> 0.00
    [999, 333, 33], // 9.99 at 3.33% = 0.332667 -> 0.33
    [100000, 10000, 100000], // 100% is the whole revenue
    [123456, 0, 0], // 0% pays nothing
    [0, 5000, 0], // no revenue, no fee
    [150, 5, 0], // 1.50 at 0.05% = 0.00075 -> 0.00
    [10000000, 10, 10000], // 100,000.00 at 0.1% = 100.00
  ])("%i hundredths at %i bps is %i hundredths", (revenue, bps, fee) => {
    expect(commissionMinor(revenue, bps, "SGD")).toBe(fee);
  });

  test("stays exact for large revenues (no float drift)", () => {
    // 999,999,999.99 at 99.9% = 998,999,999.99001 -> 998,999,999.99
    expect(commissionMinor(99_999_999_999, 9990, "SGD")).toBe(99_899_999_999);
  });

  test("always returns an integer", () => {
    for (let revenue = 0; revenue < 300; revenue += 7) {
      for (const bps of [1, 33, 250, 1005, 3333, 9999]) {
        expect(Number.isInteger(commissionMinor(revenue, bps, "SGD"))).toBe(true);
      }
    }
  });
});

describe("percent and basis points", () => {
  test.each([
    [10, 1000],
    [12.5, 1250],
    [0.1, 10],
    [33.3, 3330], // 33.3 * 100 is 3329.9999999999995 in floating point
    [0, 0],
    [100, 10000],
  ])("%d%% is %i basis points and back", (percent, bps) => {
    expect(percentToBasisPoints(percent)).toBe(bps);
    expect(basisPointsToPercent(bps)).toBe(percent);
  });
});

describe("hundredths", () => {
  test.each([
    [1234.5, 123450],
    [1234.56, 123456], // 1234.56 * 100 is 123455.99999999999
    [0.1 + 0.2, 30],
    [0.01, 1],
    [0, 0],
    [19.99, 1999],
  ])("%d is %i hundredths", (amount, hundredths) => {
    expect(toHundredths(amount)).toBe(hundredths);
  });

  test("fromHundredths divides by 100", () => {
    expect(fromHundredths(123450)).toBe(1234.5);
    expect(fromHundredths(1)).toBe(0.01);
  });
});

describe("formatAmount", () => {
  test("shows exactly two decimals with thousands separators", () => {
    expect(formatAmount(123450)).toBe("1,234.50");
    expect(formatAmount(100000000)).toBe("1,000,000.00");
    expect(formatAmount(5)).toBe("0.05");
    expect(formatAmount(12345)).toBe("123.45");
    expect(formatAmount(0)).toBe("0.00");
  });

  test("shows a missing amount as 0.00 (SPEC: missing as 0.00)", () => {
    expect(formatAmount(null)).toBe("0.00");
    expect(formatAmount(undefined)).toBe("0.00");
  });
});

describe("commissions in the currency's minor units (issue 17)", () => {
  it("1,234.50 SGD at 10% is 12,345 cents", () => {
    expect(commissionMinor(123450, 1000, "SGD")).toBe(12345);
  });
  it("rounds half-up once, to whole yen for JPY", () => {
    expect(commissionMinor(100100, 1250, "JPY")).toBe(125); // 125.125 yen
    expect(commissionMinor(100400, 1250, "JPY")).toBe(126); // 125.5 yen
    expect(commissionMinor(5, 1000, "SGD")).toBe(1); // 0.5 cent
  });
  it("the exponents follow ISO 4217 for the ten currencies", () => {
    expect(CURRENCY_EXPONENTS).toEqual({ SGD: 2, USD: 2, EUR: 2, GBP: 2, AUD: 2, JPY: 0, CNY: 2, HKD: 2, MYR: 2, IDR: 2 });
  });
  it("shows and writes amounts with the currency's own decimals", () => {
    expect(formatMinor(123456, "SGD")).toBe("SGD 1,234.56");
    expect(formatMinor(-500, "USD")).toBe("-USD 5.00");
    expect(formatMinor(1000, "JPY")).toBe("JPY 1,000");
    expect(minorToDecimalString(12345, "SGD")).toBe("123.45");
    expect(minorToDecimalString(-5, "SGD")).toBe("-0.05");
    expect(minorToDecimalString(1000, "JPY")).toBe("1000");
    expect(minorToHundredths(125, "JPY")).toBe(12500);
    expect(hundredthsToMinor(12550, "JPY")).toBe(126);
  });
});
