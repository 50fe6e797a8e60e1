import { forbidden } from "../../utils/errors.server";
import type { SessionUser } from "../../utils/session.server";
import { ADMIN_REQUIRED } from "../../validation/messages";

/** The platform console's acting party: any platform admin (decision 147). */
export type AdminActor = Pick<SessionUser, "isAdmin">;

/** The console's reads and moves check the admin here as well as in the route, so a new caller cannot skip it. */
export function requireAdmin(actor: AdminActor) {
  if (!actor.isAdmin) throw forbidden(ADMIN_REQUIRED);
}
