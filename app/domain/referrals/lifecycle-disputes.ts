import type { Currency, DisputeStatus, DisputeSubject } from "../../../db/enums";
import { ADMIN_REQUIRED } from "../../validation/messages";
import { closedByLifecycle } from "./closure";
import type { LifecycleActor, LifecycleEffects, LifecycleRefusal, LifecycleState } from "./lifecycle";

/**
 * The lifecycle's rules for a connector's dispute (issue 38, part 5; decision 194), beside its moves
 * (lifecycle.ts re-exports them). Who may open one and when, who answers it and until when, when a
 * platform admin decides it, and what settling it does to the referral: the business's own move
 * (completed, with the claimed revenue), so the ledger follows as it does on any completion or
 * revenue change. Browser-safe: the referral page offers exactly what is allowed.
 */

/** Days after a rejection or a completion within which its connector may dispute it. */
export const DISPUTE_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const DISPUTE_NOT_DISPUTABLE = "Only a referral the business rejected or completed can be disputed";
export const DISPUTE_TOO_LATE = `The ${DISPUTE_WINDOW_DAYS} days to dispute this have passed`;
export const DISPUTE_ALREADY_OPEN = "This referral already has an open dispute";
export const DISPUTE_ONLY_CONNECTOR = "Only the referral's connector can dispute it";
export const DISPUTE_ONLY_OWNER_OR_ADMIN = "Only the business's owner or a team admin can answer a dispute";
export const DISPUTE_NOT_OPEN = "This dispute has already been answered or decided";
export const DISPUTE_WINDOW_PASSED = "The response window has passed: a platform admin now decides this dispute";
export const DISPUTE_NOT_FOR_ADMIN = "This dispute is not waiting for an admin's decision";
export const DISPUTE_REFERRAL_CHANGED = "The referral is no longer rejected or completed: reload and try again";
export const DISPUTE_SAME_REVENUE = "This is the revenue already recorded: claim the revenue you say is right";

type Refusal = { allowed: false } & LifecycleRefusal;
const refuse = (status: 403 | 409, message: string): Refusal => ({ allowed: false, status, message });

/** What a dispute is about: a rejection by the business, or a completion (its revenue); null if neither. */
export function disputeSubjectOf(state: Pick<LifecycleState, "status" | "rejectionReason">): DisputeSubject | null {
  if (state.status === "completed") return "completion";
  // A referral the lifecycle closed (the person declined, the connector withdrew) is nobody's decision.
  if (state.status === "rejected" && !closedByLifecycle(state)) return "rejection";
  return null;
}

/**
 * May `actor` open a dispute now: the referral's connector only, within DISPUTE_WINDOW_DAYS of the
 * rejection or completion (`decidedAt`, when it last moved there), and one open dispute at a time.
 */
export function decideOpenDispute(input: {
  state: Pick<LifecycleState, "status" | "rejectionReason">;
  actor: LifecycleActor;
  decidedAt: Date;
  hasOpenDispute: boolean;
  now: number;
}): { allowed: true; subject: DisputeSubject } | Refusal {
  if (input.actor !== "connector") return refuse(403, DISPUTE_ONLY_CONNECTOR);
  const subject = disputeSubjectOf(input.state);
  if (!subject) return refuse(409, DISPUTE_NOT_DISPUTABLE);
  if (input.now > disputeDeadline(input.decidedAt).getTime()) return refuse(409, DISPUTE_TOO_LATE);
  if (input.hasOpenDispute) return refuse(409, DISPUTE_ALREADY_OPEN);
  return { allowed: true, subject };
}

/** The last moment a rejection or completion at `decidedAt` may be disputed. */
export function disputeDeadline(decidedAt: Date) {
  return new Date(decidedAt.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS);
}

type DisputeState = { status: DisputeStatus; answerDueAt: Date };

/** Whether a dispute waits for a platform admin: the business disagreed, or let its window pass. */
export function awaitsAdmin(d: DisputeState, now: number) {
  return d.status === "business_disagreed" || (d.status === "open" && d.answerDueAt.getTime() <= now);
}

/** May `actor` answer (accept or disagree): the business's owner or a team admin, while open and in its window. */
export function decideDisputeAnswer(d: DisputeState, actor: LifecycleActor, now: number): { allowed: true } | Refusal {
  if (actor !== "owner" && actor !== "admin") return refuse(403, DISPUTE_ONLY_OWNER_OR_ADMIN);
  if (d.status !== "open") return refuse(409, DISPUTE_NOT_OPEN);
  if (d.answerDueAt.getTime() <= now) return refuse(409, DISPUTE_WINDOW_PASSED);
  return { allowed: true };
}

/** May `actor` uphold or dismiss it: a platform admin, once it awaits one. */
export function decideDisputeResolution(d: DisputeState, actor: LifecycleActor, now: number): { allowed: true } | Refusal {
  if (actor !== "platformAdmin") return refuse(403, ADMIN_REQUIRED);
  if (!awaitsAdmin(d, now)) return refuse(409, DISPUTE_NOT_FOR_ADMIN);
  return { allowed: true };
}

/**
 * What settling a dispute in the connector's favour (upheld, or accepted by the business) does to its
 * referral: it becomes completed with the claimed revenue, and the ledger follows (a new commission;
 * a changed revenue supersedes the standing one: reversed while unpaid, an adjustment once paid).
 * Refused (409) when the referral has since left rejected or completed, or was closed by the lifecycle.
 */
export function disputeSettlement(
  state: Pick<LifecycleState, "status" | "rejectionReason">,
  claimed: { revenueMinor: number; currency: Currency },
): ({ allowed: true; effects: LifecycleEffects & { status: "completed" } } & { revenue: typeof claimed }) | Refusal {
  if (!disputeSubjectOf(state)) return refuse(409, DISPUTE_REFERRAL_CHANGED);
  return { allowed: true, effects: { status: "completed", commission: "follow" }, revenue: claimed };
}
