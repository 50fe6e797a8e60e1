import { closedByLifecycle } from "~/domain/referrals/closure";
import { cn } from "~/utils/misc";
import type { ReferralStatus, RejectionReason } from "../../db/enums";

export const STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  completed: "Completed",
  rejected: "Rejected",
};

/** A referral the lifecycle closed reads as such on every card (issue 33), never as a business's rejection. */
const CLOSED_LABELS: Partial<Record<RejectionReason, string>> = {
  person_declined: "Rejected — the person declined",
  no_answer: "Rejected — the person did not answer",
  withdrawn: "Rejected — withdrawn by the connector",
  not_confirmed: "Rejected — not confirmed by the connector",
};

const STYLES: Record<ReferralStatus, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  approved: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  rejected: "bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-100",
};

/** The status label; the business update screen shows pending as "Pending Review" (SPEC section 4). */
export function StatusBadge({
  status,
  pendingLabel,
  rejectionReason = null,
}: {
  status: ReferralStatus;
  pendingLabel?: string;
  rejectionReason?: RejectionReason | null;
}) {
  const closed = rejectionReason !== null && closedByLifecycle({ status, rejectionReason });
  return (
    <span
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium", STYLES[status])}
      data-testid="status-badge"
    >
      {closed && rejectionReason
        ? (CLOSED_LABELS[rejectionReason] ?? STATUS_LABELS[status])
        : status === "pending" && pendingLabel
          ? pendingLabel
          : STATUS_LABELS[status]}
    </span>
  );
}
