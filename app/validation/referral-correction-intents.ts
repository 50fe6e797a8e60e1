/** The referral page's forms for the connector's moves before consent (issue 33, part 3). */
export const CORRECTION_INTENTS = ["correct", "resend", "withdraw"] as const;
export type CorrectionIntent = (typeof CORRECTION_INTENTS)[number];
