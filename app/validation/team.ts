import * as z from "zod";
import { TEAM_ROLES } from "../../db/enums";
import { NAME_MIN, SignupSchema } from "./auth";
import { displayName, emailField } from "./fields";

/** Add team member (SPEC section 5): name at least 2, email valid, role admin or member. */
export const TeamMemberSchema = z.object({
  name: displayName(NAME_MIN).trim().min(2, NAME_MIN).max(100, "Name must be at most 100 characters"),
  email: emailField(100),
  role: z.enum(TEAM_ROLES, { error: "Please select a role" }).default("member"),
});
export type TeamMemberInput = z.infer<typeof TeamMemberSchema>;

/** POST /api/team-members names the business too; it is checked (and access decided) before the member fields. */
export const TeamBusinessRefSchema = z.object({ businessId: z.number({ error: "Please choose a business" }).int().positive() });

/** What a bad, used, revoked or lapsed invitation link shows (page and API alike). */
export { INVITATION_INVALID } from "./messages";

/**
 * Signing up from an invitation link (decision 177): the signup fields without the email, which is
 * the invited address, and without the account type (a person takes a seat: an individual account).
 */
export const InvitationSignupSchema = SignupSchema.omit({ email: true, accountType: true });
export type InvitationSignupInput = z.infer<typeof InvitationSignupSchema>;
