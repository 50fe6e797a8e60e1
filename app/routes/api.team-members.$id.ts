import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { removeTeamMember } from "~/domain/teams/members.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["DELETE"]);

/**
 * DELETE /api/team-members/{id}: removes a member, or revokes a pending invitation. The owner, or a
 * team admin for members and pending invitations (not admins who joined).
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireApiUser(request, context);
  const member = await removeTeamMember(context.db(), user, idOrNotFound(params.id));
  return jsonResponse({ message: member.status === "active" ? "Member removed" : "Invitation revoked", member });
});
