import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { removeTeamMember } from "~/domain/teams/members.server";
import { teamMemberExample, teamMemberRemovedSchema } from "~/domain/teams/team-member-schema";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/team-members/{id}", {
  delete: {
    operationId: "removeTeamMember",
    tag: "Team",
    auth: { kind: "session" },
    path_params: { id: "Team member id" },
    docs: () => ({
      summary: "Remove a team member, or revoke an invitation",
      description:
        "Removes a member who joined, or revokes a pending invitation (its link stops working). The owner removes anyone; a team admin removes members and revokes any pending invitation, but does not remove another admin who joined. Fires team_member.removed webhooks.",
      success: {
        status: 200,
        description: "The removed member (message Member removed) or revoked invitation (Invitation revoked)",
        schema: teamMemberRemovedSchema(),
        example: { message: "Member removed", member: teamMemberExample },
      },
      errors: {
        403: [
          ["A team admin tried to remove another admin", "Only the owner can remove a team admin"],
          ["You are a member, not the owner or a team admin", "You do not have permission to do this"],
        ],
        404: [["No such member, or not on your team", "Team member not found"]],
      },
    }),
  },
});

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
