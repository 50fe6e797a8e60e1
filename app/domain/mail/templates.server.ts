import type { MailKind } from "../../../db/enums";
import { disputeMail } from "./dispute-mail.server";
import type { MessageParts } from "./layout.server";

/** What the outbox resolved at send time: who it greets and the links it made. */
export type MailContext = {
  appUrl: string;
  /** The recipient's name when known. */
  name?: string;
  /** The message's one link (with its token, for token mail). */
  link: string;
  /** Data the sending step looked up (business and inviter names, expiry). */
  details: Record<string, string>;
  unsubscribeUrl?: string;
};

type Payload = Record<string, unknown>;
const str = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);
const hello = (name?: string) => (name ? `Hi ${name},` : "Hi,");

/**
 * A mail in the words of its in-app notification (the payload's title and body) with one link;
 * `unsubscribable` for the kinds a setting turns off.
 */
const notificationMail =
  (actionLabel: string, footer: string, { unsubscribable }: { unsubscribable: boolean }) =>
  (payload: Payload, c: MailContext): MessageParts => ({
    subject: str(payload.title),
    preheader: str(payload.body),
    greeting: hello(c.name),
    paragraphs: [str(payload.body)],
    action: { label: actionLabel, url: c.link },
    footer,
    ...(unsubscribable ? { unsubscribeUrl: c.unsubscribeUrl } : {}),
  });

/** Each kind's words. Links are absolute (built from APP_URL) and say where they lead. */
export const TEMPLATES: Record<MailKind, (payload: Payload, c: MailContext) => MessageParts> = {
  verify_email: (_, c) => ({
    subject: "Confirm your email address",
    preheader: "One click to confirm this address for your Warm Intros account.",
    greeting: hello(c.name),
    paragraphs: [
      "Please confirm that this is your email address. Until you do, we will not send notifications here and no team can add you by this address.",
    ],
    action: { label: "Confirm my email address", url: c.link },
    note: "This link works once and lapses in 3 days. If you did not create a Warm Intros account, you can ignore this message.",
    footer: "You received this because this address was entered on Warm Intros.",
  }),
  email_changed: (payload, c) => ({
    subject: "Your Warm Intros email address was changed",
    preheader: "Your account's email address is no longer this one.",
    greeting: hello(c.name),
    paragraphs: [
      str(payload.newEmail)
        ? `The email address of your Warm Intros account was changed to ${str(payload.newEmail)}. Mail about your account now goes there.`
        : "The email address of your Warm Intros account was removed. We will no longer write to you about it.",
      "If you did not make this change, reset your password at once and contact us by replying to this message.",
    ],
    action: { label: "Reset my password", url: c.link },
    footer: "You received this because this was the address of a Warm Intros account.",
  }),
  password_reset: (_, c) => ({
    subject: "Reset your Warm Intros password",
    preheader: "Choose a new password. The link lapses in 1 hour.",
    greeting: hello(c.name),
    paragraphs: ["Someone asked to reset the password of your Warm Intros account. If it was you, choose a new password:"],
    action: { label: "Choose a new password", url: c.link },
    note: "This link works once and lapses in 1 hour. Resetting signs you out everywhere. If you did not ask, ignore this message: your password stays as it is.",
    footer: "You received this because a password reset was requested for this address.",
  }),
  team_invitation: (_, c) => ({
    subject: `${c.details.inviterName ?? "A team admin"} invited you to ${c.details.businessName} on Warm Intros`,
    preheader: `Join ${c.details.businessName}'s team as ${c.details.role === "admin" ? "an admin" : "a member"}.`,
    greeting: hello(c.name),
    paragraphs: [
      `${c.details.inviterName ?? "A team admin"} invited you to join ${c.details.businessName} on Warm Intros as ${c.details.role === "admin" ? "an admin" : "a member"}.`,
      // The link proves the address (decision 177): signing up or logging in from it takes the seat.
      "Open the invitation to sign up with this address, or log in if you have an account: you join the team in the same step, and the link confirms your address.",
    ],
    action: { label: "Open the invitation", url: c.link },
    note: `The invitation works once and lapses on ${c.details.expiresOn}.`,
    footer: "You received this because a Warm Intros business invited this address to its team.",
  }),
  // Issue 17: a receipt to the connector, in the words of the in-app notification.
  payout_recorded: notificationMail(
    "See your earnings",
    "You received this because a business recorded a payment to you on Warm Intros.",
    { unsubscribable: false },
  ),
  // Issue 38: to the connector's verified address when a payout method changes (masked summary only).
  payout_method_changed: notificationMail(
    "Review your payout methods",
    "You received this because a payout method of your Warm Intros account changed.",
    { unsubscribable: false },
  ),
  // Issue 38 part 2: to the business's owner and team admins, in the words of the in-app notification.
  payout_requested: (payload, c) => ({
    subject: str(payload.title),
    preheader: str(payload.body),
    greeting: hello(c.name),
    paragraphs: [str(payload.body), `Payment is due by ${str(payload.dueOn)} under your payout terms.`],
    action: { label: "See the payout requests", url: c.link },
    footer: "You received this because you manage payouts for this business on Warm Intros.",
  }),
  // Issue 38 part 4 (decision 187): the payout was voided; what it paid is owed again.
  payout_voided: notificationMail(
    "See your earnings",
    "You received this because a business voided a payment it had recorded to you on Warm Intros.",
    { unsubscribable: false },
  ),
  referral_received: (payload, c) => ({
    subject: `New referral for ${str(payload.businessName)}: ${str(payload.referredPersonName)}`,
    preheader: `${str(payload.connectorName, "A connector")} referred ${str(payload.referredPersonName)}.`,
    greeting: hello(c.name),
    paragraphs: [
      `${str(payload.connectorName, "A connector")} referred ${str(payload.referredPersonName)} to ${str(payload.businessName)}. Review it and set its status.`,
    ],
    action: { label: "Review the referral", url: c.link },
    footer: "You received this because you are on this business's team and new-referral mail is on in your settings.",
    unsubscribeUrl: c.unsubscribeUrl,
  }),
  // The same words as the in-app notification (referral-notices.server).
  referral_updated: notificationMail(
    "See the referral",
    "You received this because referral-update mail is on in your settings.",
    { unsubscribable: true },
  ),
  referral_reminder: (payload, c) => ({
    subject: `Reminder: a referral of ${str(payload.referredPersonName)} is waiting`,
    preheader: `${str(payload.businessName)} has a referral awaiting an update.`,
    greeting: hello(c.name),
    paragraphs: [
      `The Warm Intros team reminds you that the referral of ${str(payload.referredPersonName)} to ${str(payload.businessName)} is waiting for an update. The connector hears from you when you set its status.`,
    ],
    action: { label: "Update the referral", url: c.link },
    footer: "You received this because you own this business and reminder mail is on in your settings.",
    unsubscribeUrl: c.unsubscribeUrl,
  }),
  // Issue 16's mail. Each helper slice refines its own words.
  // To the referred person, who has no account: everything comes from the send-time lookup (details).
  introduction: (_, c) => {
    const d = c.details;
    const connector = d.connectorName || "Someone";
    const profile = [
      `About ${d.businessName}${d.businessSector ? ` (${d.businessSector})` : ""}: ${d.businessDescription || "no description yet."}`,
      ...(d.businessWebsite ? [`Website: ${d.businessWebsite}`] : []),
      `Their profile on Warm Intros: ${d.businessProfileUrl}`,
    ];
    return {
      subject: `${connector} would like to introduce you to ${d.businessName}`,
      preheader: "Say yes or no to the introduction. Nothing is shared with the business until you agree.",
      greeting: hello(c.name),
      paragraphs: [
        `${connector} would like to introduce you to ${d.businessName} on Warm Intros.`,
        // A business that registered the referral wrote its notes: never shown as the connector's words.
        ...(d.notes ? [`${d.notesAuthor || connector}'s note: "${d.notes}"`] : []),
        ...profile,
        `Nothing is shared with ${d.businessName} until you agree: they see your name, but not your email address or phone number. If you accept, they receive both and may contact you. If you decline, both are erased.`,
        "You can also correct your name, email or phone before you accept.",
      ],
      action: { label: "Accept or decline the introduction", url: c.link },
      note: `If you do not answer by ${d.expiresOn}, the introduction lapses and your email and phone are erased.`,
      footer: `You received this because ${connector} entered this address on Warm Intros to introduce you to ${d.businessName}.`,
      // No account to unsubscribe from: the link stops every future introduction to this address.
      unsubscribeUrl: c.unsubscribeUrl,
      unsubscribeLabel: "Stop all introductions to this address",
    };
  },
  // To the address the person corrected when accepting (decision 123): nothing is shared until they confirm it.
  introduction_email_confirm: (_, c) => {
    const d = c.details;
    // A person who introduced themselves through a connector's personal link (decision 180).
    if (d.introducedThemselves) {
      const connector = d.connectorName || "a connector";
      return {
        subject: `Confirm your email address to meet ${d.businessName}`,
        preheader: `Confirming this address is your consent to the introduction. Nothing is shared with ${d.businessName} until you do.`,
        greeting: hello(c.name),
        paragraphs: [
          `You introduced yourself to ${d.businessName} on Warm Intros through ${connector}'s personal link and gave this email address.`,
          `Confirm that it is yours: that is your consent to the introduction. ${d.businessName} then sees your email and phone and may contact you. Until you confirm, nothing is shared with ${d.businessName}.`,
        ],
        action: { label: "Confirm my email address", url: c.link },
        note: `If you do not confirm by ${d.expiresOn}, the introduction lapses and your email and phone are erased.`,
        footer: `You received this because this address was given on ${connector}'s personal link to ${d.businessName} on Warm Intros. If that was not you, ignore this mail and nothing is shared.`,
      };
    }
    return {
      subject: `Confirm your email address for the introduction to ${d.businessName}`,
      preheader: `Confirm this address to complete your acceptance. Nothing is shared with ${d.businessName} until you do.`,
      greeting: hello(c.name),
      paragraphs: [
        `You accepted ${d.connectorName || "a connector"}'s introduction to ${d.businessName} on Warm Intros and gave this email address.`,
        `Confirm that it is yours to complete your acceptance. Until you do, nothing is shared with ${d.businessName}.`,
      ],
      action: { label: "Confirm my email address", url: c.link },
      note: `If you do not confirm by ${d.expiresOn}, the introduction lapses and your email and phone are erased.`,
      footer:
        "You received this because this address was given when accepting an introduction on Warm Intros. If that was not you, ignore this mail.",
    };
  },
  referral_consent: notificationMail(
    "See the referral",
    "You received this because introduction-answer mail is on in your settings.",
    { unsubscribable: true },
  ),
  // One mail per burst (decision 060): the first message the reader has not read, quoted in part.
  referral_message: (payload, c) => {
    const author = str(payload.authorName, "Someone");
    const who = payload.authorSide === "business" ? `${author} of ${str(payload.businessName)}` : `${author}, the connector,`;
    return {
      subject: `New message about the referral of ${str(payload.referredPersonName)}`,
      preheader: `${author}: ${str(payload.excerpt)}`,
      greeting: hello(c.name),
      paragraphs: [
        `${who} wrote in the conversation about the referral of ${str(payload.referredPersonName)} to ${str(payload.businessName)}:`,
        `“${str(payload.excerpt)}”`,
        "Reply on the referral's page. We will not mail you about further messages in this conversation until you have read it.",
      ],
      action: { label: "Read the conversation", url: c.link },
      footer: "You received this because you take part in this referral and message mail is on in your settings.",
      unsubscribeUrl: c.unsubscribeUrl,
    };
  },
  // Issue 38 (decision 201): a dispute's steps, in words of their own.
  referral_dispute: disputeMail,
  referral_review_due: (payload, c) => ({
    subject: `Decision overdue: the referral of ${str(payload.referredPersonName)} to ${str(payload.businessName)}`,
    preheader: `It has waited past your response window of ${str(payload.windowDays, "5")} business days.`,
    greeting: hello(c.name),
    paragraphs: [
      `${str(payload.connectorName, "A connector")} referred ${str(payload.referredPersonName)} to ${str(payload.businessName)}, and ${str(payload.referredPersonName)} agreed to the introduction. Your decision was due on ${str(payload.dueOn)}, ${str(payload.windowDays, "5")} business days after they agreed, and the referral is still pending.`,
      "Please approve it, or reject it with a reason, so the connector knows where it stands.",
    ],
    action: { label: "Review the referral", url: c.link },
    note: `If it is still pending on ${str(payload.escalatesOn)}, it is shown to the Warm Intros team as overdue.`,
    footer: "You received this because you are on this business's team and review-window mail is on in your settings.",
    unsubscribeUrl: c.unsubscribeUrl,
  }),
};
