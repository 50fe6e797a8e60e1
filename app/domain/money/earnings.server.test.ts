import { describe, expect, it } from "vitest";
import { parseCurrency, parseMonth, statementRequest, toBalances } from "./earnings.server";

describe("parseMonth", () => {
  it("is a UTC calendar month: its first instant and the next month's", () => {
    expect(parseMonth("2026-11")).toEqual({ key: "2026-11", start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 11, 1) });
    // December ends at the next year's first instant.
    expect(parseMonth("2026-12")?.end).toBe(Date.UTC(2027, 0, 1));
  });

  it("refuses what is not YYYY-MM from 2000 to 2999", () => {
    for (const bad of [
      "2026-13",
      "2026-00",
      "2026-1",
      "26-11",
      "1999-12",
      "3000-01",
      "2026-11.csv",
      " 2026-11",
      "",
      null,
      undefined,
    ])
      expect(parseMonth(bad), String(bad)).toBeNull();
  });
});

describe("statementRequest", () => {
  it("names each bad field with its message", () => {
    expect(statementRequest("nope", "sgd")).toEqual({
      ok: false,
      errors: { month: ["Please enter a month as YYYY-MM"], currency: ["Please choose a currency"] },
    });
    expect(statementRequest("2026-11", "JPY")).toMatchObject({ ok: true, currency: "JPY", period: { key: "2026-11" } });
    expect(parseCurrency("BTC")).toBeNull();
  });
});

describe("toBalances", () => {
  it("keeps the currencies apart, in the order of CURRENCIES, and leaves out one with nothing left", () => {
    const zero = { pendingMinor: 0, payableMinor: 0, paidMinor: 0, owedMinor: 0 };
    expect(
      toBalances([
        { currency: "USD", ...zero, pendingMinor: 500, owedMinor: 500 },
        { currency: "SGD", pendingMinor: 0, payableMinor: 700, paidMinor: 3000, owedMinor: 700 },
        // Every JPY commission reversed: its row stays at zero.
        { currency: "JPY", ...zero },
      ]),
    ).toEqual([
      { currency: "SGD", pendingMinor: 0, payableMinor: 700, paidMinor: 3000, owedMinor: 700 },
      { currency: "USD", pendingMinor: 500, payableMinor: 0, paidMinor: 0, owedMinor: 500 },
    ]);
  });
});
