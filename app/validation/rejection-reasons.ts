import type { RejectionReason } from "../../db/enums";

/** The words of the rejection reasons (issue 16), shown to both sides; browser-safe. */
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  not_a_fit: "Not a fit",
  already_a_customer: "Already a customer",
  could_not_reach: "Could not reach them",
  duplicate: "Duplicate",
  other: "Other",
  // The lifecycle's own (issue 33): a business cannot choose these.
  person_declined: "The person declined the introduction",
  no_answer: "The person did not answer the introduction",
  withdrawn: "The connector withdrew the referral",
  not_confirmed: "The connector did not confirm the referral",
};
