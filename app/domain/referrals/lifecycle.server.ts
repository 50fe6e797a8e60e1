import { REFERRAL_STATUSES, type ReferralStatus } from "../../../db/enums";
import type { Referral } from "../../../db/schema";
import { AppError } from "../../utils/errors.server";
import type { SessionUser } from "../../utils/session.server";
import type { BusinessRole } from "../parties/access.server";
import {
  decide,
  effectiveConsent,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleEffects,
  type LifecycleState,
  listedState,
  progressAction,
} from "./lifecycle";

/**
 * The server's side of the lifecycle (lifecycle.ts): a stored referral as the rules' state,
 * a caller as the rules' actor, and a refusal as the error every route answers with.
 */

/** The state the rules read of a stored referral (consent as it stands now: a lapsed one is expired). */
export function lifecycleStateOf(
  r: Pick<Referral, "status" | "consentStatus" | "consentExpiresAt" | "rejectionReason"> & {
    connectorConfirmation?: string | null;
  },
  now = Date.now(),
): LifecycleState {
  return listedState({
    status: r.status,
    consentStatus: effectiveConsent(r, now),
    connectorConfirmation: r.connectorConfirmation ?? null,
    rejectionReason: r.rejectionReason,
  });
}

/**
 * Who `user` is to a referral, from what access already read: its connector, a seat in its business
 * (or its key), or a platform admin. A seat or key held by the referral's own connector is
 * `ownConnectorSeat`, whatever the role. Null: a stranger (access answers 404 before this).
 */
export function lifecycleActorOf(
  user: SessionUser,
  referral: { connectorUserId: number },
  seat: BusinessRole | null,
): LifecycleActor | null {
  if (user.isAdmin) return "platformAdmin";
  const own = user.id === referral.connectorUserId;
  if (seat) {
    if (own) return "ownConnectorSeat";
    if (user.apiKey?.businessId != null) return "businessKey";
    return seat;
  }
  return own ? "connector" : null;
}

/** decide, or the refusal as an AppError (403/409 with `{ message }`). */
export function requireMove(state: LifecycleState, actor: LifecycleActor, action: LifecycleAction): LifecycleEffects {
  const decision = decide(state, actor, action);
  if (!decision.allowed) throw new AppError(decision.status, decision.message);
  return decision.effects;
}

/**
 * What the progress form offers a seat on this referral: the statuses the lifecycle lets it set now,
 * and why the others are refused (the refusal of completing it, or of any change at all).
 */
export function progressMoves(
  user: SessionUser,
  row: { referral: Parameters<typeof lifecycleStateOf>[0]; connectorUserId: number },
  seat: BusinessRole,
): { statuses: ReferralStatus[]; blocked: string | null } {
  const actor = lifecycleActorOf(user, row, seat) ?? seat;
  const state = lifecycleStateOf(row.referral);
  const statuses = REFERRAL_STATUSES.filter((s) => decide(state, actor, progressAction(state.status, s)).allowed);
  const edit = decide(state, actor, "edit");
  const complete = decide(state, actor, "complete");
  const blocked = !edit.allowed ? edit.message : !complete.allowed && state.status !== "completed" ? complete.message : null;
  return { statuses, blocked };
}
