import * as z from "zod";
import { NOTIFICATION_MAIL_KINDS, type NotificationMailKind } from "../../db/enums";

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

const onOff = z.boolean({ error: "Expected true or false" });

/**
 * PATCH /api/users/{id}/email-preferences: the kinds to change, as booleans (a kind left out keeps
 * its setting); unknown keys are refused.
 */
export const EmailPreferencesSchema = z.strictObject({
  referralReceived: onOff.optional(),
  referralUpdated: onOff.optional(),
  referralReminder: onOff.optional(),
});

/** The Settings form's intent. */
export const EMAIL_PREFERENCES_INTENT = "email-preferences";

/** The Settings form: a ticked box sends its name, an unticked one sends nothing (so: off). */
export function emailPreferencesFromForm(formData: FormData): EmailPreferences {
  const choices = {} as EmailPreferences;
  for (const p of EMAIL_PREFERENCES) choices[p.field] = formData.has(p.field);
  return choices;
}
