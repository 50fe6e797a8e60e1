import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  ALREADY_ON_THIS_TEAM,
  acceptInvitation,
  OWNER_CANNOT_ACCEPT,
  PLATFORM_ADMIN_CANNOT_ACCEPT,
  VERIFY_BEFORE_ACCEPTING,
} from "~/domain/teams/invitations.server";
import { invitationAcceptedSchema, teamMemberExample } from "~/domain/teams/team-member-schema";
import { defineContract } from "~/http/api-contract";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireSessionApiUser } from "~/utils/session.server";
import { INVITATION_INVALID } from "~/validation/team";

export const contract = defineContract("/api/team-invitations/{token}/accept", {
  post: {
    operationId: "acceptTeamInvitation",
    tag: "Team",
    auth: { kind: "session" },
    path_params: { token: "The token from the invitation link /invitations/{token}" },
    docs: () => ({
      summary: "Accept an invitation",
      description:
        "The signed-in user takes the seat the emailed link offers. The link is the credential: the account's address need not be the invited one, but it must be verified. An account whose address is the invited one need not have verified it first: the link reached that inbox, so accepting verifies the address (emailVerified becomes true). So an invitee signs up (POST /api/auth/signup with the invited email) and accepts at once, without the verification mail. Single use. Platform admins, the business's owner and people already on its team cannot accept.",
      success: {
        status: 200,
        description: "The seat, now active",
        schema: invitationAcceptedSchema(),
        example: { message: "You joined Acme Pte Ltd", member: { ...teamMemberExample, role: "member" } },
      },
      errors: {
        403: [
          ["Your email address is not verified, and it is not the invited one", VERIFY_BEFORE_ACCEPTING],
          ["Platform admins do not join teams", PLATFORM_ADMIN_CANNOT_ACCEPT],
        ],
        404: [["The link is unknown, used, replaced, revoked or lapsed", INVITATION_INVALID]],
        409: [
          ["You own the business", OWNER_CANNOT_ACCEPT],
          ["You are on its team already", ALREADY_ON_THIS_TEAM],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/team-invitations/{token}/accept: the signed-in user (a session, never an API key: the
 * seat is a person's) with a verified address takes the seat. 404 for a bad, used or lapsed token.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireSessionApiUser(context);
  const { member, businessName } = await acceptInvitation(context.db(), user, params.token ?? "");
  return jsonResponse({ message: `You joined ${businessName}`, member });
});
