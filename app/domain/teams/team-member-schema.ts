import * as z from "zod";
import { TEAM_ROLES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { rowId, timestamp } from "../../validation/response-fields";

/**
 * What the API answers for a team seat (toTeamMemberDto in ./members.server) and the answers that
 * carry one, as the OpenAPI document and the tests read them (issue 36): strict, so a field the DTO
 * adds and the schema lacks fails a test.
 */

export const teamMemberSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Team member id"),
      businessId: rowId("Business id"),
      name: z.string().meta({
        description:
          "Once accepted, the name of the account holding the seat (it may differ from invitedName); until then, the invited name",
      }),
      email: z.string().meta({
        description:
          "Once accepted, the email of the account holding the seat (an invitation may be forwarded); until then, the invited address",
      }),
      invitedName: z.string().meta({ description: "The name the invitation was sent to, kept for the record" }),
      invitedEmail: z.string().meta({ description: "The address the invitation was sent to, kept for the record" }),
      role: z.enum(TEAM_ROLES),
      registered: z.boolean().meta({ description: "Whether a user holds the seat (true once the invitation is accepted)" }),
      status: z.enum(["active", "invited", "expired"]).meta({
        description: "active: a user holds the seat; invited: the invitation is pending; expired: it lapsed (resend it)",
      }),
      invitationExpiresAt: timestamp()
        .nullable()
        .meta({ description: "When the pending invitation lapses (7 days after it was last sent); null once accepted" }),
      createdAt: timestamp(),
    })
    .meta({ id: "TeamMember" }),
);
export const teamMemberExample: z.infer<ReturnType<typeof teamMemberSchema>> = {
  id: 5,
  businessId: 1,
  name: "Sam Lee",
  email: "sam@acme.example.com",
  invitedName: "Sam Lee",
  invitedEmail: "sam@acme.example.com",
  role: "admin",
  registered: true,
  status: "active",
  invitationExpiresAt: null,
  createdAt: "2026-02-01T09:00:00.000Z",
};
export const invitedTeamMemberExample: z.infer<ReturnType<typeof teamMemberSchema>> = {
  ...teamMemberExample,
  registered: false,
  status: "invited",
  invitationExpiresAt: "2026-02-08T09:00:00.000Z",
};

export const teamMemberRemovedSchema = lazy(() =>
  z
    .strictObject({ message: z.enum(["Member removed", "Invitation revoked"]), member: teamMemberSchema() })
    .meta({ id: "TeamMemberRemoved" }),
);
export const invitationSentSchema = lazy(() =>
  z.strictObject({ message: z.literal("Invitation sent"), member: teamMemberSchema() }).meta({ id: "InvitationSent" }),
);
export const invitationAcceptedSchema = lazy(() =>
  z
    .strictObject({
      message: z.string().meta({ description: 'e.g. "You joined Acme Pte Ltd"' }),
      member: teamMemberSchema(),
    })
    .meta({ id: "InvitationAccepted" }),
);
