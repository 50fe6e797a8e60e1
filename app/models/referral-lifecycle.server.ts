import type { Referral } from "../../db/schema";
import { AppError } from "../utils/errors.server";
import type { SessionUser } from "../utils/session.server";
import type { BusinessRole } from "./access.server";
import { effectiveConsent } from "./introductions.server";
import {
  decide,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleEffects,
  type LifecycleState,
} from "./referral-lifecycle";

/**
 * The server's side of the lifecycle (referral-lifecycle.ts): a stored referral as the rules' state,
 * a caller as the rules' actor, and a refusal as the error every route answers with.
 */

/** The state the rules read of a stored referral (consent as it stands now: a lapsed one is expired). */
export function lifecycleStateOf(
  r: Pick<Referral, "status" | "consentStatus" | "consentExpiresAt" | "rejectionReason"> & {
    connectorConfirmation?: string | null;
  },
  now = Date.now(),
): LifecycleState {
  return {
    status: r.status,
    consent: effectiveConsent(r, now),
    confirmation: r.connectorConfirmation === "awaiting" ? "awaiting" : "confirmed",
    rejectionReason: r.rejectionReason,
  };
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
