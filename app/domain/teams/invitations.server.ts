import { and, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { businesses, teamMembers, users } from "../../../db/schema";
import { linkTokenHash } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { type AppError, conflict, forbidden, notFound } from "../../utils/errors.server";
import type { SessionUser } from "../../utils/session.server";
import { INVITATION_INVALID } from "../../validation/team";
import { effectStatements } from "../effects/effects.server";
import { toTeamMemberDto } from "./members.server";

// Accepting an invitation to a business's team (decisions 045, 113): the link, who may accept it, the seat.

export const VERIFY_BEFORE_ACCEPTING = "Verify your email address before accepting this invitation";
export const OWNER_CANNOT_ACCEPT = "You own this business, so you are already part of its team";
export const ALREADY_ON_THIS_TEAM = "You are already on this business's team";
export const PLATFORM_ADMIN_CANNOT_ACCEPT = "Platform administrators cannot join a business's team";
/** A pending, unexpired invitation by its link token, with what its page shows; null otherwise. */
export async function findInvitation(db: Database, token: string) {
  const hash = await linkTokenHash(token);
  if (!hash) return null;
  const inviter = db.select({ id: users.id, name: users.name }).from(users).as("inviter");
  const row = await db
    .select({
      member: teamMembers,
      businessName: businesses.companyName,
      ownerId: businesses.userId,
      inviterId: inviter.id,
      inviterName: inviter.name,
    })
    .from(teamMembers)
    .innerJoin(businesses, eq(businesses.id, teamMembers.businessId))
    .leftJoin(inviter, eq(inviter.id, teamMembers.invitedByUserId))
    .where(
      and(eq(teamMembers.invitationTokenHash, hash), isNull(teamMembers.userId), gt(teamMembers.invitationExpiresAt, new Date())),
    )
    .get();
  if (!row) return null;
  return {
    memberId: row.member.id,
    businessId: row.member.businessId,
    businessName: row.businessName,
    ownerId: row.ownerId,
    name: row.member.name,
    email: row.member.email,
    role: row.member.role,
    inviterId: row.inviterId ?? null,
    inviterName: row.inviterName ?? null,
    expiresAt: (row.member.invitationExpiresAt ?? new Date()).toISOString(),
    createdAt: row.member.createdAt,
    tokenHash: hash,
  };
}
export type Invitation = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/** Whether `email` is the address the invitation was sent to (any letter case). */
export const isInvitedAddress = (invitation: Pick<Invitation, "email">, email: string | null) =>
  (email ?? "").trim().toLowerCase() === invitation.email.trim().toLowerCase();

/**
 * Why this signed-in user may not accept (null: they may). The link is the credential, so the
 * address need not be the invited one (decision 045), but it must be verified: by its own link, or
 * by this one when it is the invited address (the link came to that inbox; decision 177).
 */
export async function acceptRefusal(
  db: Database,
  actor: Pick<SessionUser, "id" | "isAdmin" | "emailVerifiedAt" | "email">,
  invitation: Invitation,
): Promise<AppError | null> {
  if (actor.isAdmin) return forbidden(PLATFORM_ADMIN_CANNOT_ACCEPT);
  if (invitation.ownerId === actor.id) return conflict(OWNER_CANNOT_ACCEPT);
  const seat = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.businessId, invitation.businessId), eq(teamMembers.userId, actor.id)))
    .get();
  if (seat) return conflict(ALREADY_ON_THIS_TEAM);
  if (!actor.emailVerifiedAt && !isInvitedAddress(invitation, actor.email)) return forbidden(VERIFY_BEFORE_ACCEPTING);
  return null;
}

/** Who takes a seat: a user, or (signing up from the link) the account the same batch creates. */
export type SeatHolder = { id: number | SQL<number>; name: string; email: string | null };

/**
 * The statements that give `holder` the invitation's seat, unexecuted, for the caller's batch: the
 * seat (its `returning` is the batch's first result of these), and, only if this very update took
 * it, the event, the activity entry, the notices and the proof of the invited address (decision 177).
 */
export function seatStatements(db: Database, invitation: Invitation, holder: SeatHolder, now = new Date()) {
  const tookSeat = sql`${teamMembers.id} = ${invitation.memberId} and ${teamMembers.userId} = ${holder.id} and ${teamMembers.acceptedAt} = ${now.getTime()}`;
  const seat = {
    id: invitation.memberId,
    businessId: invitation.businessId,
    name: invitation.name,
    email: invitation.email,
    role: invitation.role,
    // The DTO tells only that the seat is held, never by which id (unknown before a signup's batch).
    userId: typeof holder.id === "number" ? holder.id : 0,
    invitationExpiresAt: null,
    createdAt: invitation.createdAt,
    holderName: holder.name,
    holderEmail: holder.email,
  };
  // A forwarded link is accepted by someone other than the invited person (decision 045): the log
  // and the notice name both, so the owner sees who has the seat (decision 113).
  const forwarded = !isInvitedAddress(invitation, holder.email);
  const who = holder.email ? `${holder.name} (${holder.email})` : holder.name;
  const details = forwarded
    ? `${who} accepted the invitation sent to ${invitation.name} (${invitation.email}) and joined ${invitation.businessName} as ${invitation.role}`
    : `${holder.name} accepted the invitation to join ${invitation.businessName} as ${invitation.role}`;
  // The owner hears of every acceptance, and so does the team admin who sent the link.
  const told = [...new Set([invitation.ownerId, invitation.inviterId ?? invitation.ownerId])];
  const when = sql`exists (select 1 from ${teamMembers} where ${tookSeat})`;
  const notice = {
    title: "Invitation accepted",
    body: `${who} accepted the invitation sent to ${invitation.name} (${invitation.email}) and joined ${invitation.businessName} as ${invitation.role}.`,
    link: "/business/team",
    when,
  };
  return [
    db
      .update(teamMembers)
      .set({ userId: holder.id, acceptedAt: now, invitationTokenHash: null, invitationExpiresAt: null })
      .where(
        and(
          eq(teamMembers.id, invitation.memberId),
          eq(teamMembers.invitationTokenHash, invitation.tokenHash),
          isNull(teamMembers.userId),
        ),
      )
      .returning(),
    // The link came to the invited address: taking the seat with it proves that address is the
    // holder's, as its own verification link would (decision 177). Any other address stays as it is.
    db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})` })
      .where(and(eq(users.id, holder.id), sql`lower(${users.email}) = lower(${invitation.email})`, when)),
    ...effectStatements(db, {
      events: [{ businessId: invitation.businessId, type: "team_member.joined", data: toTeamMemberDto(seat), when }],
      // Logged only if this very update took the seat, so a link raced by two people leaves one entry.
      activity: [
        {
          action: "Invitation accepted",
          details,
          activityType: "team_member_added",
          userId: holder.id,
          businessId: invitation.businessId,
          when,
        },
      ],
      notices: told.map((userId) => ({ ...notice, userId })),
    }),
  ] as const;
}

/**
 * A signed-in user takes the seat with the link's token: single use, in one batch. Their address
 * must be verified, unless it is the invited one, which accepting verifies (decision 177).
 */
export async function acceptInvitation(db: Database, actor: SessionUser, token: string) {
  const invitation = await findInvitation(db, token);
  if (!invitation) throw notFound(INVITATION_INVALID);
  const refusal = await acceptRefusal(db, actor, invitation);
  if (refusal) throw refusal;
  const [updated] = await db.batch(seatStatements(db, invitation, actor));
  const member = updated[0];
  if (!member) throw notFound(INVITATION_INVALID);
  return {
    member: toTeamMemberDto({ ...member, holderName: actor.name, holderEmail: actor.email }),
    businessName: invitation.businessName,
  };
}
