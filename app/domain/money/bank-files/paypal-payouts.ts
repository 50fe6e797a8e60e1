import type { BankFileFormat } from "./bank-file";

/**
 * PayPal Payouts Web's payment file (decision 188): no header row; per payment, from left to right,
 * recipient identifier, payment amount, currency, customer ID (at most 30 characters, no spaces),
 * note to the recipient (at most 400 characters) and recipient wallet (PAYPAL). One currency per file.
 */
export const PAYPAL_PAYOUTS: BankFileFormat = {
  id: "paypal",
  label: "PayPal Payouts",
  sources: [
    "https://developer.paypal.com/payouts/use-payouts/send-money/use-web-ui",
    "https://developer.paypal.com/docs/payouts/standard/payouts-web/",
  ],
  header: null,
  oneCurrency: true,
  needs: "a PayPal method",
  cells: (row, details) =>
    details.kind === "paypal"
      ? [
          details.email,
          row.amount,
          row.currency,
          row.reference.replace(/\s+/g, "").slice(0, 30),
          `Warm Intros commissions, reference ${row.reference}`.slice(0, 400),
          "PAYPAL",
        ]
      : null,
};
