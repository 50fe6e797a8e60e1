import type { Referral, ReferralStatus, RejectionReason } from "../../../db/schema";
import { badRequest } from "../../utils/errors.server";
import { basisPointsToPercent } from "../../utils/money";
import { feeFields } from "../../utils/referral-fee";
import { type ProgressInput, REOPEN_NEEDS_NOTE } from "../../validation/referral";
import { REJECTION_REASON_LABELS } from "../../validation/rejection-reasons";

// Issue 16, sections 2 and 3: the terms frozen at creation, the reason of a rejection and the review
// clock, as every referral DTO and webhook payload carries them; and the rules of a decision.

type DecisionColumns = Pick<
  Referral,
  | "termsReferralFee"
  | "termsReferralTerms"
  | "termsCapturedAt"
  | "rejectionReason"
  | "reviewDueAt"
  | "termsFeeKind"
  | "termsFeeBasisPoints"
  | "termsFeeAmountMinor"
  | "termsFeeCurrency"
  | "cashbackBasisPoints"
  | "cashbackProposal"
>;

/** What the API, the screens and webhooks show of a referral's terms, decision and clock. */
export function referralDecisionFields(r: DecisionColumns) {
  return {
    termsSnapshot: {
      referralFee: r.termsReferralFee,
      referralTerms: r.termsReferralTerms,
      capturedAt: r.termsCapturedAt.toISOString(),
      // The structured fee frozen with them (issue 33); all null for a free-text fee that did not parse.
      ...feeFields({
        kind: r.termsFeeKind,
        basisPoints: r.termsFeeBasisPoints,
        amountMinor: r.termsFeeAmountMinor,
        currency: r.termsFeeCurrency,
      }),
    },
    // The connector's cashback that differs from the percentage fee, and the business's answer (decision 120).
    cashbackProposal:
      r.cashbackProposal === null
        ? null
        : {
            status: r.cashbackProposal,
            cashbackPercentage: basisPointsToPercent(r.cashbackBasisPoints),
            feePercentage: r.termsFeeBasisPoints === null ? null : basisPointsToPercent(r.termsFeeBasisPoints),
          },
    rejectionReason: r.rejectionReason,
    reviewDueAt: r.reviewDueAt ? r.reviewDueAt.toISOString() : null,
  };
}

/** A decided referral: leaving it again needs a note saying why (issue 16). */
const DECIDED: ReadonlySet<ReferralStatus> = new Set(["completed", "rejected"]);

/**
 * The decision columns of a progress update, after the rules that depend on the stored referral:
 * leaving completed or rejected needs a note (the note goes into the history as every update's
 * does). The reason is kept only while the referral is rejected; the first time it leaves pending is
 * remembered for good (reputation reads it).
 */
export function decisionColumns(
  before: Pick<Referral, "status" | "firstDecidedAt">,
  input: Pick<ProgressInput, "status" | "statusNotes" | "rejectionReason">,
  now: Date,
): { rejectionReason: RejectionReason | null; firstDecidedAt: Date | null } {
  if (DECIDED.has(before.status) && input.status !== before.status && !input.statusNotes) {
    throw badRequest("Validation failed", { statusNotes: [REOPEN_NEEDS_NOTE] });
  }
  return {
    rejectionReason: input.status === "rejected" ? (input.rejectionReason ?? null) : null,
    firstDecidedAt: before.firstDecidedAt ?? (input.status !== "pending" ? now : null),
  };
}

/** "Reason: Not a fit", for the connector's notification and mail of a rejection. */
export function rejectionReasonText(reason: RejectionReason | null) {
  return reason ? `Reason: ${REJECTION_REASON_LABELS[reason]}` : null;
}
