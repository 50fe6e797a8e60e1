import * as z from "zod";

const onOff = z.boolean({ error: "Expected true or false" });

/**
 * PATCH /api/users/{id}/email-preferences: the kinds to change, as booleans (a kind left out keeps
 * its setting); unknown keys are refused.
 */
export const EmailPreferencesSchema = z.strictObject({
  referralReceived: onOff.optional(),
  referralUpdated: onOff.optional(),
  referralReminder: onOff.optional(),
  referralConsent: onOff.optional(),
  referralMessage: onOff.optional(),
  referralReviewDue: onOff.optional(),
  referralDispute: onOff.optional(),
});
