import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireBusinessRole } from "~/domain/parties/access.server";
import { addTeamMember } from "~/domain/teams/members.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { idempotent } from "~/utils/idempotency.server";
import { TeamBusinessRefSchema, TeamMemberSchema } from "~/validation/team";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/team-members {name, email, role, businessId}: the owner or a team admin. */
export const action = apiHandler(
  idempotent(async ({ request, context }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const user = await requireApiUser(request, context);
    const body = await readJsonBody(request);
    const { businessId } = parseWith(TeamBusinessRefSchema, body);
    const db = context.db();
    await requireBusinessRole(db, user, businessId, "admin");
    const member = await addTeamMember(db, user, businessId, parseWith(TeamMemberSchema, body));
    return jsonResponse(member, { status: 201 });
  }),
);
