import { describe, expect, it } from "vitest";
import { isValidIban, PayoutMethodInputSchema, SWIFT_PATTERN, UEN_PATTERN } from "./payout-methods-on-file";

describe("payout method fields (issue 38, decision 183)", () => {
  it("checks an IBAN by its mod-97 digits", () => {
    expect(isValidIban("GB82WEST12345698765432")).toBe(true);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("GB82WEST12345698765433")).toBe(false);
    expect(isValidIban("GB82")).toBe(false);
  });

  it("takes UENs in ACRA's three formats and SWIFT/BIC of 8 or 11", () => {
    for (const uen of ["53312345A", "201912345K", "T09LL0001B"]) expect(UEN_PATTERN.test(uen)).toBe(true);
    for (const uen of ["5331234A", "20191234K5", "X09LL0001B"]) expect(UEN_PATTERN.test(uen)).toBe(false);
    for (const bic of ["DBSSSGSG", "DBSSSGSGXXX"]) expect(SWIFT_PATTERN.test(bic)).toBe(true);
    for (const bic of ["DBSSG", "DBSSSGSGXX", "DBS1SGSG"]) expect(SWIFT_PATTERN.test(bic)).toBe(false);
  });

  it("normalizes a PayNow mobile typed with spaces, or without +65, to +65 and 8 digits", () => {
    for (const proxy of ["+65 9123 4567", "9123-4567", "6591234567"]) {
      const parsed = PayoutMethodInputSchema.parse({
        kind: "paynow",
        currency: "SGD",
        accountHolder: "Jane Tan",
        proxyType: "mobile",
        proxy,
      });
      expect(parsed.details).toEqual({ kind: "paynow", accountHolder: "Jane Tan", proxyType: "mobile", proxy: "+6591234567" });
    }
    const bad = PayoutMethodInputSchema.safeParse({
      kind: "paynow",
      currency: "SGD",
      accountHolder: "Jane Tan",
      proxyType: "mobile",
      proxy: "+65 6123 4567",
    });
    expect(bad.success).toBe(false);
  });

  it("keeps a bank transfer's IBAN and SWIFT in capitals without spaces and the country upper-case", () => {
    const parsed = PayoutMethodInputSchema.parse({
      kind: "bank_transfer",
      currency: "EUR",
      accountHolder: "Jane Tan",
      bankName: "Westminster",
      iban: "gb82 west 1234 5698 7654 32",
      swiftBic: "westgb2l",
      country: "gb",
      makeDefault: true,
    });
    expect(parsed).toEqual({
      currency: "EUR",
      makeDefault: true,
      details: {
        kind: "bank_transfer",
        accountHolder: "Jane Tan",
        bankName: "Westminster",
        iban: "GB82WEST12345698765432",
        swiftBic: "WESTGB2L",
        country: "GB",
      },
    });
  });
});
