import { resendInvitation } from "~/domain/teams/members.server";
import { postOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/team-members/{id}/invitation: sends a pending invitation again (a new week, a new link;
 * the old link stops working). The owner or a team admin; at most once a minute per seat (429).
 */
export const action = postOnId(
  sessionCaller,
  async ({ db, user, id }) => ({ message: "Invitation sent", member: await resendInvitation(db, user, id) }),
  { status: 202 },
);
