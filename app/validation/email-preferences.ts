import { NOTIFICATION_MAIL_KINDS, type NotificationMailKind } from "../../db/enums";

// No zod here: Settings and /unsubscribe ship this module to the browser, and zod would add about
// 20 KB gzipped to them. The API's schema is in email-preferences-api.ts.

/**
 * The notification mail a person may turn off (decision 046), in the order Settings lists them: the
 * API field, the Settings label and hint, and the short name the unsubscribe page uses.
 */
export const EMAIL_PREFERENCES = [
  {
    kind: "referral_received",
    field: "referralReceived",
    label: "New referrals for my business",
    hint: "When a connector refers someone to a business you own or work for.",
    short: "new-referral",
    about: "new referrals for your business",
  },
  {
    kind: "referral_updated",
    field: "referralUpdated",
    label: "Updates to my referrals",
    hint: "When a business changes the status of a referral you made.",
    short: "referral-update",
    about: "updates to the referrals you made",
  },
  {
    kind: "referral_reminder",
    field: "referralReminder",
    label: "Reminders from the Warm Intros team",
    hint: "When the Warm Intros team asks you to review a referral that is waiting.",
    short: "reminder",
    about: "reminders from the Warm Intros team",
  },
  {
    kind: "referral_consent",
    field: "referralConsent",
    label: "Answers from referred people",
    hint: "When someone you referred, or someone referred to your business, accepts or declines the introduction, or lets it lapse.",
    short: "introduction-answer",
    about: "answers to introductions",
  },
  {
    kind: "referral_message",
    field: "referralMessage",
    label: "Messages about referrals",
    hint: "When the other side writes in a referral's conversation.",
    short: "message",
    about: "messages about referrals",
  },
  {
    kind: "referral_review_due",
    field: "referralReviewDue",
    label: "Referrals past their review window",
    hint: "When a referral to your business has waited longer than your response window.",
    short: "review-due",
    about: "referrals past their review window",
  },
  {
    kind: "referral_dispute",
    field: "referralDispute",
    label: "Disputes about referrals",
    hint: "When a connector disputes a rejection or a revenue, the business answers, or Warm Intros decides.",
    short: "dispute",
    about: "disputes about referrals",
  },
] as const satisfies readonly {
  kind: NotificationMailKind;
  field: string;
  label: string;
  hint: string;
  short: string;
  about: string;
}[];

export type EmailPreferenceField = (typeof EMAIL_PREFERENCES)[number]["field"];
/** true = the mail comes (no opt-out row). */
export type EmailPreferences = Record<EmailPreferenceField, boolean>;

export const preferenceOf = (kind: NotificationMailKind) =>
  EMAIL_PREFERENCES.find((p) => p.kind === kind) ?? EMAIL_PREFERENCES[0];

// Every kind listed exactly once (a new notification kind must be added here to be switchable).
NOTIFICATION_MAIL_KINDS satisfies readonly (typeof EMAIL_PREFERENCES)[number]["kind"][];

/** The Settings form's intent. */
export const EMAIL_PREFERENCES_INTENT = "email-preferences";

/** The Settings form: a ticked box sends its name, an unticked one sends nothing (so: off). */
export function emailPreferencesFromForm(formData: FormData): EmailPreferences {
  const choices = {} as EmailPreferences;
  for (const p of EMAIL_PREFERENCES) choices[p.field] = formData.has(p.field);
  return choices;
}
