import type { DisputeReason } from "../../db/enums";

// No zod here: the referral page's forms read these in the browser.

/** The reasons' labels, as the form and the thread show them. */
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  customer_signed: "The customer signed",
  revenue_understated: "The revenue recorded is too low",
  wrong_rejection_reason: "The rejection reason is wrong",
  other: "Other",
};

/** The referral page's dispute forms, told apart by `intent`. */
export const DISPUTE_OPEN_INTENT = "dispute-open";
export const DISPUTE_ANSWER_INTENT = "dispute-answer";
