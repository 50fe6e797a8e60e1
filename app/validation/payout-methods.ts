import type { PayoutMethod } from "../../db/enums";

/** How each payout method reads on screens, in mail and in the CSV (no zod here: screens import it). */
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  bank_transfer: "Bank transfer",
  paynow: "PayNow",
  paypal: "PayPal",
  wise: "Wise",
  cheque: "Cheque",
  cash: "Cash",
  other: "Other",
};

/** Who may see what is owed and record payouts (the screens and the API say the same). */
export const PAYOUTS_MANAGERS_ONLY = "Only the business owner and team admins can manage payouts";
