import type {
  CashbackProposalAnswer,
  CashbackProposalStatus,
  ConsentStatus,
  ReferralStatus,
  RejectionReason,
} from "../../../db/enums";
import type { FeeTerms } from "../../utils/referral-fee";
import { ADMIN_REQUIRED } from "../../validation/messages";
import { closedByLifecycle } from "./closure";

/**
 * The one home of a referral's lifecycle (issue 33): which hand may move a referral in which state,
 * and what each move implies. Every screen action, API call and scheduled step asks `decide` and
 * writes what its effects say; nothing else decides a referral's status, consent or confirmation.
 * What it earns is money's one formula (app/domain/money/commission.ts), which no move needs, and
 * who may pay is money's too (mayPay, decision 141). Browser-safe (no server imports), so a screen
 * offers exactly the moves allowed.
 *
 * docs/ARCHITECTURE.md ("The referral lifecycle") holds the same table in words, and
 * tests/integration/referral-lifecycle.test.ts walks every state × actor × action through the API.
 */

/** Whether the connector a referral credits has made or confirmed it (issue 33, part 5). */
export const CONFIRMATIONS = ["confirmed", "awaiting"] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

/** The part of a referral the rules read. `consent` is the effective one (a lapsed "awaiting" is "expired"). */
export type LifecycleState = {
  status: ReferralStatus;
  consent: ConsentStatus;
  confirmation: Confirmation;
  rejectionReason: RejectionReason | null;
};

/**
 * Who moves it. A seat (owner, admin, member) or the business's key acts for the business; a seat or
 * key held by the referral's own connector is `ownConnectorSeat`, whatever the role (no self-dealing).
 * `person` is whoever holds the introduction link; `system` is the scheduled job.
 */
export const LIFECYCLE_ACTORS = [
  "connector",
  "owner",
  "admin",
  "member",
  "businessKey",
  "ownConnectorSeat",
  "platformAdmin",
  "person",
  "system",
] as const;
export type LifecycleActor = (typeof LIFECYCLE_ACTORS)[number];

export const LIFECYCLE_ACTIONS = [
  // The business's progress update (PATCH /api/referrals/{id}, /business/update): the status it sets
  // names the move; the same status is an edit (revenue, currency, notes).
  "approve",
  "complete",
  "reject",
  "reopen",
  "edit",
  // The connector, on a referral a business registered in their name.
  "confirm",
  "disown",
  // The connector, while the person has not answered.
  "correct",
  "resend",
  "withdraw",
  // The person, on the introduction link; decline after accepting withdraws consent.
  "accept",
  "decline",
  // The scheduled job: nobody answered in time.
  "lapse",
  // A platform admin, asking the business to decide (a notification and a mail): only while it still has to.
  "remind",
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** What an allowed move implies, beyond the caller's own columns (status, revenue, notes). */
export type LifecycleEffects = {
  /** The status after the move (absent: unchanged, or the caller's own for an edit). */
  status?: ReferralStatus;
  /** Set when the lifecycle closes the referral (status rejected) for a reason of its own. */
  rejectionReason?: RejectionReason;
  consent?: ConsentStatus;
  confirmation?: Confirmation;
  /** The person's email and phone are erased from the referral and every copy (issue 33, part 4). */
  erase?: boolean;
  /** The introduction mail goes out (a new link; any earlier one dies). */
  mailIntroduction?: boolean;
  /**
   * The ledger: "follow" brings the commission in line with the status and revenue after the move;
   * "reverse" takes back an unpaid standing commission (a paid one gets its adjustment); "keep"
   * leaves it as it stands.
   */
  commission: "follow" | "reverse" | "keep";
};

export type LifecycleRefusal = { status: 403 | 409; message: string };
export type LifecycleDecision = { allowed: true; effects: LifecycleEffects } | ({ allowed: false } & LifecycleRefusal);

export const ONLY_THE_BUSINESS = "Only the business can update this referral";
export const OWN_REFERRAL = "You cannot act on a referral you made: another member of the business must decide on it";
export const ONLY_THE_CONNECTOR = "Only the referral's connector can do this";
export const ONLY_THE_PERSON = "Only the referred person can answer the introduction";
export const ONLY_THE_SCHEDULE = "Only the scheduled job lapses an introduction";
export const NEEDS_CONSENT =
  "The referred person has not agreed to be introduced yet: it can be approved or completed once they accept";
export const CONSENT_REFUSED = "The referred person declined or did not answer: this referral is closed";
export const CLOSED_BY_CONNECTOR = "The connector withdrew this referral or did not confirm it: it is closed";
export const AWAITING_CONFIRMATION = "This referral is awaiting its connector's confirmation";
export const ALREADY_CONFIRMED = "This referral is not awaiting confirmation";
export const NOT_AWAITING_ANSWER = "The referred person has already answered or the introduction is closed";
export const INTRODUCTION_CLOSED = "This introduction has been closed";
export const ALREADY_ACCEPTED = "You already accepted this introduction";
export const ALREADY_DECLINED = "You already declined this introduction";
export const INTRODUCTION_LAPSED = "This introduction has lapsed";
export const NOT_LAPSED = "The introduction is not due to lapse";
export const NOTHING_TO_REMIND = "This referral is closed: there is nothing to remind its business of";

const BUSINESS: ReadonlySet<LifecycleActor> = new Set(["owner", "admin", "member", "businessKey"]);
const CLOSING_CONSENTS: ReadonlySet<ConsentStatus> = new Set(["declined", "expired", "cancelled"]);

const allow = (effects: LifecycleEffects): LifecycleDecision => ({ allowed: true, effects });
const refuse = (status: 403 | 409, message: string): LifecycleDecision => ({ allowed: false, status, message });

export * from "./lifecycle-disputes";
export { closedByLifecycle };

/** The business's move (approve, complete, reject, reopen, edit). */
function businessMove(state: LifecycleState, actor: LifecycleActor, action: LifecycleAction): LifecycleDecision {
  if (actor === "ownConnectorSeat") return refuse(403, OWN_REFERRAL);
  if (!BUSINESS.has(actor)) return refuse(403, ONLY_THE_BUSINESS);
  // A referral the lifecycle closed stays closed, with its own reason: the business cannot reopen,
  // decide or re-reason it.
  if (closedByLifecycle(state)) {
    const byConnector = state.rejectionReason === "withdrawn" || state.rejectionReason === "not_confirmed";
    return refuse(409, byConnector ? CLOSED_BY_CONNECTOR : CONSENT_REFUSED);
  }
  switch (action) {
    case "approve":
    case "complete":
      if (state.confirmation !== "confirmed") return refuse(409, AWAITING_CONFIRMATION);
      if (CLOSING_CONSENTS.has(state.consent)) return refuse(409, CONSENT_REFUSED);
      if (state.consent !== "given") return refuse(409, NEEDS_CONSENT);
      return allow({ status: action === "approve" ? "approved" : "completed", commission: "follow" });
    case "reopen":
      if (CLOSING_CONSENTS.has(state.consent)) return refuse(409, CONSENT_REFUSED);
      return allow({ status: "pending", commission: "follow" });
    case "reject":
      return allow({ status: "rejected", commission: "follow" });
    default:
      // An edit keeps the status; a completed referral's revenue may be corrected whatever consent
      // did after completion (the introduction happened).
      return allow({ commission: "follow" });
  }
}

/**
 * May `actor` do `action` to a referral in `state`, and what follows. Refusals: 403 when this hand
 * may never make the move, 409 when the referral's state does not allow it now.
 */
export function decide(state: LifecycleState, actor: LifecycleActor, action: LifecycleAction): LifecycleDecision {
  switch (action) {
    case "approve":
    case "complete":
    case "reject":
    case "reopen":
    case "edit":
      return businessMove(state, actor, action);
    case "confirm":
    case "disown":
      if (actor !== "connector") return refuse(403, ONLY_THE_CONNECTOR);
      if (state.confirmation !== "awaiting" || state.status !== "pending") return refuse(409, ALREADY_CONFIRMED);
      return action === "confirm"
        ? allow({ confirmation: "confirmed", mailIntroduction: true, commission: "keep" })
        : allow({
            confirmation: "confirmed",
            status: "rejected",
            rejectionReason: "not_confirmed",
            consent: "cancelled",
            erase: true,
            commission: "reverse",
          });
    case "correct":
    case "resend":
    case "withdraw":
      if (actor !== "connector") return refuse(403, ONLY_THE_CONNECTOR);
      if (state.confirmation !== "confirmed") return refuse(409, AWAITING_CONFIRMATION);
      if (state.status !== "pending" || state.consent !== "awaiting") return refuse(409, NOT_AWAITING_ANSWER);
      if (action === "withdraw") {
        return allow({
          status: "rejected",
          rejectionReason: "withdrawn",
          consent: "cancelled",
          erase: true,
          commission: "reverse",
        });
      }
      return allow({ mailIntroduction: true, commission: "keep" });
    case "accept":
      if (actor !== "person") return refuse(403, ONLY_THE_PERSON);
      if (state.consent === "given") return refuse(409, ALREADY_ACCEPTED);
      if (state.consent === "declined") return refuse(409, ALREADY_DECLINED);
      if (state.consent === "expired") return refuse(409, INTRODUCTION_LAPSED);
      if (state.consent === "cancelled" || state.status !== "pending" || state.confirmation !== "confirmed") {
        return refuse(409, INTRODUCTION_CLOSED);
      }
      return allow({ consent: "given", commission: "keep" });
    case "decline": {
      if (actor !== "person") return refuse(403, ONLY_THE_PERSON);
      if (state.consent === "declined") return refuse(409, ALREADY_DECLINED);
      if (state.consent === "expired") return refuse(409, INTRODUCTION_LAPSED);
      if (state.consent === "cancelled" || state.confirmation !== "confirmed") return refuse(409, INTRODUCTION_CLOSED);
      // Before completion the referral closes, never payable; after it, the outcome and what the
      // business owes stand, and only the person's details go.
      return consentEnds(state, "declined", "person_declined");
    }
    case "lapse":
      if (actor !== "system") return refuse(403, ONLY_THE_SCHEDULE);
      if (state.consent !== "expired") return refuse(409, NOT_LAPSED);
      return consentEnds(state, "expired", "no_answer");
    case "remind":
      if (actor !== "platformAdmin") return refuse(403, ADMIN_REQUIRED);
      // Open: pending (to approve or reject) or approved (to complete); a closed one has nothing to decide.
      if (state.status !== "pending" && state.status !== "approved") return refuse(409, NOTHING_TO_REMIND);
      return allow({ commission: "keep" });
  }
}

/**
 * The rules' state of a referral as a list shows it (its DTO), and the one mapping of a referral's
 * columns to that state (lifecycleStateOf passes consent as it stands now). A list's consent is as
 * stored: the scheduled job turns a lapsed one to expired within a minute, and every move re-decides
 * on the stored row.
 */
export function listedState(r: {
  status: ReferralStatus;
  consentStatus: ConsentStatus;
  connectorConfirmation: string | null;
  rejectionReason: RejectionReason | null;
}): LifecycleState {
  return {
    status: r.status,
    consent: r.consentStatus,
    confirmation: r.connectorConfirmation === "awaiting" ? "awaiting" : "confirmed",
    rejectionReason: r.rejectionReason,
  };
}

/** A decline, withdrawal or lapse: erased always; closed (and its unpaid commission reversed) unless completed or already rejected. */
function consentEnds(state: LifecycleState, consent: ConsentStatus, reason: RejectionReason): LifecycleDecision {
  if (state.status === "completed") return allow({ consent, erase: true, commission: "keep" });
  if (state.status === "rejected") return allow({ consent, erase: true, commission: "keep" });
  return allow({ consent, erase: true, status: "rejected", rejectionReason: reason, commission: "reverse" });
}

/** Consent as it stands now: awaiting past its lapse date counts as expired at once, before the scheduled job erases it. */
export function effectiveConsent(
  r: { consentStatus: ConsentStatus; consentExpiresAt: Date | null },
  now = Date.now(),
): ConsentStatus {
  if (r.consentStatus === "awaiting" && r.consentExpiresAt && r.consentExpiresAt.getTime() <= now) return "expired";
  return r.consentStatus;
}

/** The move a progress update makes: the status it sets, against the stored one. */
export function progressAction(before: ReferralStatus, next: ReferralStatus): LifecycleAction {
  if (before === next) return "edit";
  switch (next) {
    case "approved":
      return "approve";
    case "completed":
      return "complete";
    case "rejected":
      return "reject";
    case "pending":
      return "reopen";
  }
}

/** The moves `actor` may make now: what a screen offers. */
export function allowedActions(state: LifecycleState, actor: LifecycleActor): LifecycleAction[] {
  return LIFECYCLE_ACTIONS.filter((action) => decide(state, actor, action).allowed);
}

/** Whether a connector's cashback is a proposal at creation: it differs from a percentage fee (a flat fee takes none). */
export function proposalOf(terms: FeeTerms | null, cashbackBasisPoints: number): CashbackProposalStatus | null {
  return terms?.kind === "percentage" && terms.basisPoints !== cashbackBasisPoints ? "proposed" : null;
}

export const NO_OPEN_PROPOSAL = "This referral has no open cashback proposal to answer";

/**
 * The business's answer to a proposal, given with a progress move: "accept" or "decline" settles an
 * open one for good; the same answer again is a no-op (a resubmitted form); anything else is a 409.
 * No answer leaves it as it stands (an open one stays open and the frozen terms pay meanwhile).
 */
export function answerProposal(
  current: CashbackProposalStatus | null,
  answer: CashbackProposalAnswer | undefined,
): { proposal: CashbackProposalStatus | null } | LifecycleRefusal {
  if (answer === undefined) return { proposal: current };
  const next = answer === "accept" ? "accepted" : "declined";
  if (current === "proposed" || current === next) return { proposal: next };
  return { status: 409, message: NO_OPEN_PROPOSAL };
}

/** The proposal as a form's answer ("accept", "decline" or none yet) would leave it, for a preview. */
export function previewProposal(current: CashbackProposalStatus | null, answer: string): CashbackProposalStatus | null {
  const answered = answerProposal(current, answer === "accept" || answer === "decline" ? answer : undefined);
  return "proposal" in answered ? answered.proposal : current;
}
