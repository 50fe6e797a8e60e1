import { requireBusinessRole } from "~/domain/parties/access.server";
import { addTeamMember } from "~/domain/teams/members.server";
import { createOnPost, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { TeamBusinessRefSchema, TeamMemberSchema } from "~/validation/team";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/team-members {name, email, role, businessId}: the owner or a team admin. */
export const action = createOnPost(sessionCaller, async ({ db, user, request }) => {
  const body = await readJsonBody(request);
  const { businessId } = parseWith(TeamBusinessRefSchema, body);
  await requireBusinessRole(db, user, businessId, "admin");
  return addTeamMember(db, user, businessId, parseWith(TeamMemberSchema, body));
});
