import { describe, expect, it } from "vitest";
import type { PayoutMethodDetails } from "../payout-method-details";
import { type BankFileRow, buildBankFile } from "./bank-file";
import { PAYPAL_PAYOUTS } from "./paypal-payouts";
import { WISE_BATCH } from "./wise-batch";

const row = (connectorId: number, name: string, amount = "123.45", currency: BankFileRow["currency"] = "SGD"): BankFileRow => ({
  connectorId,
  connectorName: name,
  currency,
  amount,
  reference: `WI-1-${connectorId}-20261128`,
});
const paypal = (email: string): PayoutMethodDetails => ({ kind: "paypal", accountHolder: "Jane Tan", email });
const wise = (accountHolder: string, email: string): PayoutMethodDetails => ({ kind: "wise", accountHolder, email });
const paynow: PayoutMethodDetails = { kind: "paynow", accountHolder: "Raj Kumar", proxyType: "mobile", proxy: "+6591234567" };

describe("PayPal Payouts Web file (no header; identifier, amount, currency, customer ID, note, wallet)", () => {
  it("writes one row per connector with a PayPal method, in the published order, and leaves the others out", () => {
    const file = buildBankFile(PAYPAL_PAYOUTS, [
      { row: row(3, "Jane Tan"), details: paypal("jane@example.com") },
      { row: row(4, "Raj Kumar"), details: paynow },
      { row: row(5, "No Method"), details: null },
      { row: row(6, "Wise Only"), details: wise("Wise Only", "w@example.com") },
    ]);
    expect(file.csv).toBe(
      '"jane@example.com","123.45","SGD","WI-1-3-20261128","Warm Intros commissions, reference WI-1-3-20261128","PAYPAL"\r\n',
    );
    expect(file.included.map((r) => r.connectorId)).toEqual([3]);
    expect(file.leftOut.map((r) => r.connectorName)).toEqual(["Raj Kumar", "No Method", "Wise Only"]);
  });

  it("keeps the customer ID within 30 characters without spaces, and JPY without decimals", () => {
    const long = { ...row(7, "Ken", "1200", "JPY"), reference: "WI-123456 789-123456789-20261128-extra" };
    const file = buildBankFile(PAYPAL_PAYOUTS, [{ row: long, details: paypal("ken@example.com") }]);
    const cells = file.csv.trim().split('","');
    expect(cells[1]).toBe("1200");
    expect(cells[3]).toBe("WI-123456789-123456789-2026112");
    expect(cells[3]).toHaveLength(30);
  });

  it("is formula-safe: a cell a spreadsheet would run gets a leading quote", () => {
    const file = buildBankFile(PAYPAL_PAYOUTS, [{ row: row(8, "X"), details: paypal("=HYPERLINK(1)@example.com") }]);
    expect(file.csv.startsWith(`"'=HYPERLINK(1)@example.com",`)).toBe(true);
  });
});

describe("Wise batch payment file (the Send by email template)", () => {
  it("has Wise's header and a row per connector with a Wise method, fixed target amounts, currencies mixed", () => {
    const file = buildBankFile(WISE_BATCH, [
      { row: row(3, "Jane Tan"), details: wise("Jane Tan Mei Ling", "jane@wise.example") },
      { row: row(4, "Raj Kumar", "50.00", "USD"), details: wise("Raj Kumar", "raj@wise.example") },
      { row: row(5, "Pay Pal"), details: paypal("p@example.com") },
    ]);
    expect(file.csv).toBe(
      [
        '"name","recipientEmail","paymentReference","receiverType","amountCurrency","amount","sourceCurrency","targetCurrency"',
        '"Jane Tan Mei Ling","jane@wise.example","WI-1-3-20261128","PERSON","target","123.45","SGD","SGD"',
        '"Raj Kumar","raj@wise.example","WI-1-4-20261128","PERSON","target","50.00","USD","USD"',
        "",
      ].join("\r\n"),
    );
    expect(file.leftOut.map((r) => r.connectorName)).toEqual(["Pay Pal"]);
  });

  it("is formula-safe, and nobody with a method means the header alone", () => {
    const file = buildBankFile(WISE_BATCH, [{ row: row(9, "-Evil"), details: wise("-1+2", "e@example.com") }]);
    expect(file.csv.split("\r\n")[1]?.startsWith(`"'-1+2",`)).toBe(true);
    expect(buildBankFile(WISE_BATCH, [{ row: row(9, "None"), details: undefined }]).csv).toBe(
      '"name","recipientEmail","paymentReference","receiverType","amountCurrency","amount","sourceCurrency","targetCurrency"\r\n',
    );
  });
});
