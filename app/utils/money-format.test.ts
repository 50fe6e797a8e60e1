import { describe, expect, test } from "vitest";
import { currencyTotalsCell, formatMoney } from "./money";

describe("formatMoney", () => {
  test("two decimals with thousands separators and the currency in front", () => {
    expect(formatMoney(1234.5, "SGD")).toBe("SGD 1,234.50");
    expect(formatMoney(123.45, "USD")).toBe("USD 123.45");
    expect(formatMoney(150, "JPY")).toBe("JPY 150.00");
  });
  test("missing amounts show as 0.00", () => {
    expect(formatMoney(null, "EUR")).toBe("EUR 0.00");
    expect(formatMoney(undefined, "JPY")).toBe("JPY 0.00");
  });
  test("no float drift", () => {
    expect(formatMoney(1234.56, "SGD")).toBe("SGD 1,234.56");
    expect(formatMoney(0.1 + 0.2, "SGD")).toBe("SGD 0.30");
    expect(formatMoney(0.1 + 0.2, "USD")).toBe("USD 0.30");
  });
});

describe("currencyTotalsCell", () => {
  test("one entry per currency, two decimals, no thousands separator", () => {
    const totals = [
      { currency: "SGD", revenue: 1234.5, fees: 123.45 },
      { currency: "USD", revenue: 20, fees: 2 },
    ];
    expect(currencyTotalsCell(totals, "revenue")).toBe("SGD 1234.50; USD 20.00");
    expect(currencyTotalsCell(totals, "fees")).toBe("SGD 123.45; USD 2.00");
    expect(currencyTotalsCell([], "fees")).toBe("");
  });
});
