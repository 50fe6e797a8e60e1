import type { DisputeMailPayload } from "../referrals/dispute-notices.server";
import type { MessageParts } from "./layout.server";

/**
 * The words of dispute mail (issue 38, part 5; decision 201): one kind, `referral_dispute`, whose
 * payload says which step happened and to which side. Everything is resolved when the step is
 * written (names, the reason's label, the claimed revenue and the deadline as text: its payload,
 * built by referrals/dispute-notices.server.ts), so the mail reads as the dispute stood then. It
 * never carries payout details.
 */

type Context = { name?: string; link: string; unsubscribeUrl?: string };

const str = (value: unknown) => (typeof value === "string" ? value : "");
const quoted = (text: string) => `“${text}”`;

/** What was disputed, in the reader's words. */
function disputed(p: DisputeMailPayload) {
  const mine = p.side === "business";
  if (p.subject === "rejection") {
    return `${mine ? "your" : `${p.businessName}'s`} rejection of the referral of ${p.referredPersonName}`;
  }
  return `the revenue ${mine ? "you" : p.businessName} recorded for the referral of ${p.referredPersonName}`;
}

/** The connector's reason and note, and the business's answer where it gave one, as the reader knows them. */
function claimLines(p: DisputeMailPayload) {
  const connector = p.side === "connector";
  const lines = [
    connector ? `Your reason: ${p.reason}. Your note: ${quoted(p.note)}` : `Reason: ${p.reason}. Their note: ${quoted(p.note)}`,
  ];
  if (p.answerNote) lines.push(`${connector ? `${p.businessName}'s` : "Your team's"} answer: ${quoted(p.answerNote)}`);
  return lines;
}

const SETTLED = (p: DisputeMailPayload) =>
  `The referral is now completed with revenue of ${p.claimed}, and the commission follows it.`;

function words(p: DisputeMailPayload): { subject: string; paragraphs: string[]; action: string } {
  const person = p.referredPersonName;
  switch (p.step) {
    case "opened":
      return {
        subject: `Dispute opened by ${p.connectorName} on ${person}`,
        paragraphs: [
          `${p.connectorName} disputes ${disputed(p)} and says the customer paid ${p.claimed}.`,
          ...claimLines(p),
          `Please accept the dispute or disagree with it by ${p.answerDue}. If you disagree, or do not answer by then, Warm Intros decides.`,
        ],
        action: "Answer the dispute",
      };
    case "accepted":
      return {
        subject: `${p.businessName} accepted your dispute on ${person}`,
        paragraphs: [`${p.businessName} accepted your dispute of ${disputed(p)}. ${SETTLED(p)}`, ...claimLines(p)],
        action: "See the referral",
      };
    case "disagreed":
      return {
        subject: `${p.businessName} disagreed with your dispute on ${person}`,
        paragraphs: [
          `${p.businessName} disagreed with your dispute of ${disputed(p)}. Warm Intros will decide it and tell you both.`,
          ...claimLines(p),
        ],
        action: "See the referral",
      };
    default: {
      const whose = p.side === "connector" ? "your" : `${p.connectorName}'s`;
      const outcome = p.step === "upheld" ? SETTLED(p) : "The referral stays as it was.";
      return {
        subject: `Dispute on ${person} ${p.step} by Warm Intros`,
        paragraphs: [
          `Warm Intros ${p.step} ${whose} dispute of ${disputed(p)}. ${outcome}`,
          `The decision: ${quoted(str(p.decisionNote))}`,
          ...claimLines(p),
        ],
        action: "See the referral",
      };
    }
  }
}

/** The `referral_dispute` template: a notification mail, so it carries its unsubscribe link. */
export function disputeMail(payload: Record<string, unknown>, c: Context): MessageParts {
  const w = words(payload as DisputeMailPayload);
  return {
    subject: w.subject,
    preheader: w.paragraphs[0] ?? "",
    greeting: c.name ? `Hi ${c.name},` : "Hi,",
    paragraphs: w.paragraphs,
    action: { label: w.action, url: c.link },
    footer: "You received this because you take part in this dispute and dispute mail is on in your settings.",
    unsubscribeUrl: c.unsubscribeUrl,
  };
}
