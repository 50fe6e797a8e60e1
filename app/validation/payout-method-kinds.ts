import type { PayoutMethodKind } from "../domain/money/payout-method-details";

/** How each kind of payout method on file reads on screens and in the bank file (no zod: screens import it). */
export const PAYOUT_METHOD_KIND_LABELS: Record<PayoutMethodKind, string> = {
  bank_transfer: "Bank transfer",
  paynow: "PayNow",
  duitnow: "DuitNow",
  upi: "UPI",
  paypal: "PayPal",
  wise: "Wise",
};
