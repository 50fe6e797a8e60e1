import * as z from "zod";
import { requireBusinessRole } from "~/domain/parties/access.server";
import {
  addTeamMember,
  INVITATIONS_PER_ACTOR,
  INVITATIONS_PER_ADDRESS,
  INVITATIONS_PER_BUSINESS,
  INVITATIONS_TOO_MANY,
} from "~/domain/teams/members.server";
import { invitedTeamMemberExample, teamMemberSchema } from "~/domain/teams/team-member-schema";
import { defineContract } from "~/http/api-contract";
import { createOnPost, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { TeamBusinessRefSchema, TeamMemberSchema } from "~/validation/team";

export const contract = defineContract("/api/team-members", {
  post: {
    operationId: "addTeamMember",
    tag: "Team",
    auth: { kind: "session" },
    idempotent: true,
    body: {
      // The route reads businessId first (to decide access), then the member's fields.
      schema: z.object({ ...TeamBusinessRefSchema.shape, ...TeamMemberSchema.shape }),
      name: "TeamMemberCreate",
      example: { businessId: 1, name: "Sam Lee", email: "sam@acme.example.com", role: "member" },
    },
    docs: () => ({
      fields: {
        businessId: "The business whose team gains the member",
        name: "The member's name",
        email: "Their email: a user registered (now or later) with it is linked to the seat",
        role: "admin (manages the team, keys and webhooks) or member",
      },
      summary: "Invite a team member",
      description: `The owner or a team admin invites someone by email: the seat is pending (status invited) and an invitation with a single-use link /invitations/{token} is emailed; it lapses after 7 days. Nobody gets the seat by having the address: only a signed-in user with a verified address who accepts the link. Fires team_member.added webhooks. Invitations and resends are limited: ${INVITATIONS_PER_BUSINESS.limit} a day per business, ${INVITATIONS_PER_ACTOR.limit} an hour per inviting user, and ${INVITATIONS_PER_ADDRESS.limit} a day to one address from one business, re-creating its seat included (429 with Retry-After beyond; nothing is written or mailed).`,
      success: {
        status: 201,
        description: "The new, pending member",
        schema: teamMemberSchema(),
        example: { ...invitedTeamMemberExample, role: "member" },
      },
      errors: {
        403: [["You are a member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such business, or you are not on its team", "Business not found"]],
        409: [
          ["The email is already on the team", "This email is already on the team"],
          ["The email is the owner's", "The owner is already part of the team"],
        ],
        429: [["Too many invitations (see Retry-After)", INVITATIONS_TOO_MANY]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/team-members {name, email, role, businessId}: the owner or a team admin. */
export const action = createOnPost(sessionCaller, async ({ db, user, request }) => {
  const body = await readJsonBody(request);
  // The contract's body in its two parts: the business first (access: 404/403), then the member's fields (400).
  const { businessId } = parseWith(TeamBusinessRefSchema, body);
  await requireBusinessRole(db, user, businessId, "admin");
  return addTeamMember(db, user, businessId, parseWith(TeamMemberSchema, body));
});
