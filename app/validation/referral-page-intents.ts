// The referral page's form intents, in a module of their own: the page's client code compares them,
// and importing them from the validation schemas would ship zod to every browser (decision 075).

/** The connector's moves before consent (issue 33, part 3). */
export const CORRECTION_INTENTS = ["correct", "resend", "withdraw"] as const;
export type CorrectionIntent = (typeof CORRECTION_INTENTS)[number];

/** The connector's answer to a business's registration (decision 128). */
export const CONFIRMATION_INTENT = "referral-confirmation";

/** The business's status and revenue update, the same form as Update Referral's (issue 37 item 2). */
export const PROGRESS_INTENT = "referral-progress";
