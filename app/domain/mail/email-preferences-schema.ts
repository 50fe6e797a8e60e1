import * as z from "zod";
import { lazy } from "../../utils/lazy";
import type { EmailPreferencesView } from "./preferences.server";

/**
 * What /api/users/{id}/email-preferences answers (EmailPreferencesView in ./preferences.server,
 * decision 046), as the OpenAPI document and the tests read it (issue 36).
 */

export const emailPreferencesViewSchema = lazy(() =>
  z
    .strictObject({
      referralReceived: z.boolean().meta({ description: "Mail about new referrals to a business you own or work for" }),
      referralUpdated: z.boolean().meta({ description: "Mail when a business updates a referral you made" }),
      referralReminder: z.boolean().meta({ description: "Reminder mail from the Warm Intros team" }),
      referralConsent: z
        .boolean()
        .meta({ description: "Mail when a referred person accepts or declines an introduction, or lets it lapse" }),
      referralMessage: z
        .boolean()
        .meta({ description: "Mail when the other side writes in a referral's conversation (once until you have read it)" }),
      referralReviewDue: z
        .boolean()
        .meta({ description: "Mail when a referral to your business has waited past its response window" }),
      referralDispute: z.boolean().meta({ description: "Mail when a dispute about a referral is opened, answered or decided" }),
      emailVerified: z
        .boolean()
        .meta({ description: "Whether your address is verified; no notification mail is sent until it is" }),
    })
    .meta({ id: "EmailPreferences" }),
);

export const emailPreferencesExample: EmailPreferencesView = {
  referralReceived: true,
  referralUpdated: true,
  referralReminder: false,
  referralConsent: true,
  referralMessage: true,
  referralReviewDue: true,
  referralDispute: true,
  emailVerified: true,
};
