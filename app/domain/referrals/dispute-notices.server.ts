import type { Dispute } from "../../../db/schema";
import { formatDateTime, UTC } from "../../utils/dates";
import { formatMinor } from "../../utils/money";
import { DISPUTE_REASON_LABELS } from "../../validation/dispute-labels";
import type { Effects, TeamNoticeInput } from "../effects/effects.server";

/**
 * What each side of a dispute is told at each step (issue 38, part 5): an in-app notice, and a
 * `referral_dispute` mail (decision 201) quoting the reason and the notes as the step left them.
 */

export type DisputeMailStep = "opened" | "accepted" | "disagreed" | "upheld" | "dismissed";

export type DisputeMailPayload = {
  /** The referral's page, the mail's one link. */
  path: string;
  step: DisputeMailStep;
  /** Who reads it: the business's team or the connector. */
  side: "business" | "connector";
  subject: "rejection" | "completion";
  connectorName: string;
  businessName: string;
  referredPersonName: string;
  /** The reason's label ("The customer signed"). */
  reason: string;
  note: string;
  /** The revenue the connector claims, in words ("SGD 12,000.00"). */
  claimed: string;
  answerNote?: string | null;
  decisionNote?: string | null;
  /** While the business may answer: its deadline ("Dec 03, 2026, 9:07 AM UTC"). */
  answerDue?: string;
};

type Names = { referredPersonName: string; businessName: string; connectorName: string };
/** The dispute as the step leaves it (its answer and decision notes once given). */
type Told = Pick<
  Dispute,
  "businessId" | "referralId" | "subject" | "reason" | "note" | "claimedRevenueMinor" | "claimedCurrency" | "answerDueAt"
> &
  Partial<Pick<Dispute, "answerNote" | "decisionNote">>;

/** The in-app words, linking to the referral. */
function notice(d: Told, names: Names, step: string) {
  const subject = d.subject === "rejection" ? "rejection" : "revenue";
  return {
    title: `Dispute ${step}: ${names.referredPersonName}`,
    body: `The dispute of the ${subject} of the referral of ${names.referredPersonName} to ${names.businessName} (connector ${names.connectorName}) was ${step}.`,
    path: `/referrals/${d.referralId}`,
  };
}

/** The in-app words for each step. */
const STEP_WORDS: Record<DisputeMailStep, string> = {
  opened: "opened",
  accepted: "accepted by the business",
  disagreed: "disputed by the business: a platform admin will decide",
  upheld: "upheld by Warm Intros",
  dismissed: "dismissed by Warm Intros",
};

function mailPayload(d: Told, names: Names, step: DisputeMailStep, side: DisputeMailPayload["side"]): DisputeMailPayload {
  return {
    path: `/referrals/${d.referralId}`,
    step,
    side,
    subject: d.subject,
    connectorName: names.connectorName,
    businessName: names.businessName,
    referredPersonName: names.referredPersonName,
    reason: DISPUTE_REASON_LABELS[d.reason],
    note: d.note,
    claimed: formatMinor(d.claimedRevenueMinor, d.claimedCurrency),
    answerNote: d.answerNote ?? null,
    decisionNote: d.decisionNote ?? null,
    // Only while the business may still answer; mail has no viewer, so UTC (decision 168).
    ...(step === "opened" ? { answerDue: formatDateTime(d.answerDueAt, UTC) } : {}),
  };
}

/** Telling the business's team (every seat and the owner), in the app and by mail. */
export function disputeToBusiness(d: Told, names: Names, step: DisputeMailStep, exceptUserId: number | null): TeamNoticeInput {
  const words = notice(d, names, STEP_WORDS[step]);
  return {
    businessId: d.businessId,
    exceptUserId,
    title: words.title,
    body: words.body,
    link: words.path,
    referralId: d.referralId,
    mail: { kind: "referral_dispute", payload: mailPayload(d, names, step, "business") },
  };
}

/** Telling the connector, in the app and by mail. */
export function disputeToConnector(d: Told, names: Names, step: DisputeMailStep, userId: number): Effects {
  const words = notice(d, names, STEP_WORDS[step]);
  return {
    notices: [{ userId, title: words.title, body: words.body, link: words.path, referralId: d.referralId }],
    mail: [{ kind: "referral_dispute", userId, payload: mailPayload(d, names, step, "connector") }],
  };
}
