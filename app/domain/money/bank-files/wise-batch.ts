import type { BankFileFormat } from "./bank-file";

/** The header of Wise's "Send by email" batch template, which Wise asks to keep as it is. */
export const WISE_EMAIL_HEADER = [
  "name",
  "recipientEmail",
  "paymentReference",
  "receiverType",
  "amountCurrency",
  "amount",
  "sourceCurrency",
  "targetCurrency",
] as const;

/**
 * Wise's batch payment file, its "Send by email" template (decision 188): Wise mails each recipient
 * a link to give their bank details, so a connector with a Wise method (the email of their Wise
 * account) is paid whatever their currency. Fixed target amounts (amountCurrency "target": the
 * connector receives exactly what is owed, fees on the business); the business pays in the same
 * currency (it may change sourceCurrency before uploading). Currencies may mix in one file.
 */
export const WISE_BATCH: BankFileFormat = {
  id: "wise",
  label: "Wise batch payment",
  sources: [
    "https://wise.com/help/articles/2663296/whats-a-batch-payment-template",
    "https://wise.com/help/articles/2663302/how-do-i-fill-in-my-batch-template",
  ],
  header: WISE_EMAIL_HEADER,
  oneCurrency: false,
  needs: "a Wise method",
  cells: (row, details) =>
    details.kind === "wise"
      ? [
          details.accountHolder,
          details.email,
          // Wise's references are short (35 characters at most for most currencies).
          row.reference.slice(0, 35),
          "PERSON",
          "target",
          row.amount,
          row.currency,
          row.currency,
        ]
      : null,
};
