import type { PayoutMethodDetails } from "./payout-method-details";

/**
 * The masked text of a payout method (issue 38 part 1): what every surface shows but the paying
 * business's payout screen and bank file, e.g. "PayNow ••••4567", "DBS ••••6789",
 * "PayPal j•••@example.com". Never more than the last four characters of a number.
 */
const DOTS = "••••";
const lastFour = (value: string) => `${DOTS}${value.replace(/[^0-9A-Za-z]/g, "").slice(-4)}`;

export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return DOTS;
  return `${address[0]}•••${address.slice(at)}`;
}

export function maskedSummary(details: PayoutMethodDetails): string {
  switch (details.kind) {
    case "bank_transfer":
      return `${details.bankName} ${lastFour(details.iban ?? details.accountNumber ?? "")}`;
    case "paynow":
      return details.proxyType === "uen" ? `PayNow UEN ${lastFour(details.proxy)}` : `PayNow ${lastFour(details.proxy)}`;
    case "duitnow":
      return `DuitNow ${lastFour(details.proxy)}`;
    case "upi":
      return `UPI ${maskEmail(details.vpa)}`;
    case "paypal":
      return `PayPal ${maskEmail(details.email)}`;
    case "wise":
      return `Wise ${maskEmail(details.email)}`;
  }
}

/** The whole details as the bank file's columns: kind, account holder, account/proxy, bank, SWIFT, country. */
export function detailColumns(details: PayoutMethodDetails) {
  const base = { kind: details.kind, accountHolder: details.accountHolder, account: "", bank: "", swiftBic: "", country: "" };
  switch (details.kind) {
    case "bank_transfer":
      return {
        ...base,
        account: details.iban ?? details.accountNumber ?? "",
        bank: details.bankName,
        swiftBic: details.swiftBic ?? "",
        country: details.country,
      };
    case "paynow":
      return { ...base, account: details.proxy, country: "SG" };
    case "duitnow":
      return { ...base, account: details.proxy, country: "MY" };
    case "upi":
      return { ...base, account: details.vpa, country: "IN" };
    case "paypal":
    case "wise":
      return { ...base, account: details.email };
  }
}
