import type { ReferralDto } from "~/domain/referrals/dto.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { useTimeZone } from "~/utils/time-zone";
import { REJECTION_REASON_LABELS } from "~/validation/rejection-reasons";

type Decision = Pick<ReferralDto, "termsSnapshot" | "rejectionReason" | "reviewDueAt" | "status">;

function Row({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="col-span-full min-w-0" data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

/**
 * What both sides see of a referral's decision (issue 16): the rejection reason, when the decision
 * is due, and the fee and terms frozen when it was made. Items of the caller's `dl`.
 */
export function ReferralDecisionItems({ r }: { r: Decision }) {
  const tz = useTimeZone();
  return (
    <>
      {r.status === "rejected" && r.rejectionReason ? (
        <Row label="Rejection Reason" testId="rejection-reason">
          {REJECTION_REASON_LABELS[r.rejectionReason]}
        </Row>
      ) : null}
      <Row label="Decision Due" testId="review-due">
        {r.reviewDueAt ? (
          <time dateTime={r.reviewDueAt}>{formatDateTime(r.reviewDueAt, tz)}</time>
        ) : (
          <span className="text-muted-foreground">
            Not set (the clock starts when the referred person agrees to the introduction)
          </span>
        )}
      </Row>
      <Row label="Terms of this referral" testId="terms-snapshot">
        <span className="block font-medium">{`Referral fee: ${r.termsSnapshot.referralFee}`}</span>
        <span className="block whitespace-pre-line">{r.termsSnapshot.referralTerms}</span>
        <span className="block text-xs text-muted-foreground">
          As the business stated them on {formatDate(r.termsSnapshot.capturedAt, tz)}; later changes apply to new referrals only.
        </span>
      </Row>
    </>
  );
}

const PROPOSAL_NOTES = {
  proposed: "proposed; the referral pays its terms until the business accepts",
  accepted: "proposal accepted by the business",
  declined: "proposal declined; the referral pays its terms",
} as const;

/**
 * The connector's cashback and, when it differs from the percentage fee, where its proposal stands
 * (issue 33, decision 120), so no screen shows a cashback the referral does not pay.
 */
export function CashbackValue({ r }: { r: Pick<ReferralDto, "cashbackPercentage" | "cashbackProposal" | "termsSnapshot"> }) {
  if (r.termsSnapshot.feeKind === "flat") {
    return <span data-testid="cashback">{`Flat fee: ${r.termsSnapshot.referralFee}`}</span>;
  }
  return (
    <span data-testid="cashback">
      <span className="tabular-nums">{r.cashbackPercentage}%</span>
      {r.cashbackProposal ? (
        <span className="block text-xs text-muted-foreground">{`(${PROPOSAL_NOTES[r.cashbackProposal.status]})`}</span>
      ) : null}
    </span>
  );
}
