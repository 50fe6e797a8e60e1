import { INVITATIONS_TOO_MANY, RESEND_TOO_SOON, resendInvitation } from "~/domain/teams/members.server";
import { invitationSentSchema, invitedTeamMemberExample } from "~/domain/teams/team-member-schema";
import { defineContract } from "~/http/api-contract";
import { postOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/team-members/{id}/invitation", {
  post: {
    operationId: "resendTeamInvitation",
    tag: "Team",
    auth: { kind: "session" },
    path_params: { id: "Team member id" },
    docs: () => ({
      summary: "Resend an invitation",
      description:
        "Sends a pending or lapsed invitation again: 7 more days and a new link; the previous link stops working at once. The owner or a team admin; at most once a minute per seat, and counted with invitations (POST /api/team-members) in their limits.",
      success: {
        status: 202,
        description: "The invitation is queued for sending",
        schema: invitationSentSchema(),
        example: { message: "Invitation sent", member: invitedTeamMemberExample },
      },
      errors: {
        403: [["You are a member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such member, or not on your team", "Team member not found"]],
        409: [["The member has joined", "This member has already accepted the invitation"]],
        429: [
          ["Sent less than a minute ago (see Retry-After)", RESEND_TOO_SOON],
          ["Too many invitations (see Retry-After)", INVITATIONS_TOO_MANY],
        ],
      },
    }),
  },
});

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
