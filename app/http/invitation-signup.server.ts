import type { User } from "../../db/schema";
import { signup } from "../domain/accounts/users.server";
import { findInvitation, seatStatements } from "../domain/teams/invitations.server";
import type { Database } from "../utils/db.server";
import { notFound } from "../utils/errors.server";
import type { Requester } from "../utils/requester.server";
import type { InvitationSignupInput } from "../validation/team";
import { INVITATION_INVALID } from "../validation/team";

/**
 * Signing up from an invitation link (decision 177): the account is made with the invited address,
 * verified by the link that reached it (no verification mail), and takes the seat, all in one batch.
 * `seated` is false only when someone else took the seat with the same link in the meantime: the
 * account stays (its address was proven all the same), and the page says the link is used.
 */
export async function signupFromInvitation(
  db: Database,
  token: string,
  fields: InvitationSignupInput,
  requester: Requester,
): Promise<{ user: User; seated: boolean; businessName: string; role: "admin" | "member" }> {
  const invitation = await findInvitation(db, token);
  if (!invitation) throw notFound(INVITATION_INVALID);
  const input = { ...fields, email: invitation.email, accountType: "individual" as const };
  const now = new Date();
  const { joined, ...user } = await signup(db, input, requester, {
    verifiedAt: now,
    statements: (holder) => seatStatements(db, invitation, holder, now),
  });
  const seat = joined[0] ?? [];
  return { user, seated: seat.length > 0, businessName: invitation.businessName, role: invitation.role };
}
