import { LIFECYCLE_REJECTION_REASONS, type ReferralStatus, type RejectionReason } from "../../../db/enums";

// Part of the referral lifecycle (lifecycle.ts re-exports it), in a module of its own so the
// status badge every screen draws ships this one rule, not the whole lifecycle.

const LIFECYCLE_REASONS: ReadonlySet<RejectionReason> = new Set(LIFECYCLE_REJECTION_REASONS);

/** A referral the lifecycle closed (the person said no or never answered, the connector withdrew or disowned it). */
export function closedByLifecycle(state: { status: ReferralStatus; rejectionReason: RejectionReason | null }) {
  return state.status === "rejected" && state.rejectionReason !== null && LIFECYCLE_REASONS.has(state.rejectionReason);
}
