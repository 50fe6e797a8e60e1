/** Voiding a payout (issue 38 part 4, decision 187): the rule's numbers, without zod, for screens too. */

/** A payout recorded in error may be voided this many days after it was recorded. */
export const PAYOUT_VOID_DAYS = 7;
export const VOID_REASON_REQUIRED = "Say why this payout is voided";
export const VOID_REASON_MAX = 500;
