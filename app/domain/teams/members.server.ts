import { and, count, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { businesses, type TeamMember, teamMembers, users } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { AppError, conflict, forbidden, notFound } from "../../utils/errors.server";
import { assertWithinLimits, type Window } from "../../utils/rate-limit.server";
import type { SessionUser } from "../../utils/session.server";
import type { TeamMemberInput } from "../../validation/team";
import { effectStatements } from "../effects/effects.server";
import type { MailRequest } from "../effects/mail-outbox.server";
import { actorSeat, actorSeatJoin, checkBusinessRole, requireBusinessRole } from "../parties/access.server";

// A business's team (decisions 045, 109): its seats, who may add, resend or remove them, and the pace
// of invitation mail. Accepting an invitation is invitations.server.ts.

export const ALREADY_ON_TEAM = "This email is already on the team";
export const ONLY_OWNER_REMOVES_ADMINS = "Only the owner can remove a team admin";
export const ONLY_OWNER_GRANTS_ADMIN = "Only the owner can make someone a team admin";

/** Invitations (decision 045): a week to accept, resent at most once a minute per seat. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
export const RESEND_INTERVAL_MS = 60_000;
export const ALREADY_ACCEPTED = "This member has already accepted the invitation";
export const RESEND_TOO_SOON =
  "An invitation was sent to this address less than a minute ago. Please wait a minute before resending.";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * Invitation mail (issue 32, N5; decision 109): every invitation and resend counts, re-creating a
 * seat for an address included. A business staffing up invites a few people a day; a script mails
 * whoever it likes, as often as it likes.
 */
export const INVITATIONS_PER_BUSINESS: Window = { limit: 50, windowMs: DAY_MS };
export const INVITATIONS_PER_ACTOR: Window = { limit: 20, windowMs: HOUR_MS };
export const INVITATIONS_PER_ADDRESS: Window = { limit: 3, windowMs: DAY_MS };
export const INVITATIONS_TOO_MANY = "Too many invitations have been sent for now. Please try again later.";

/** Counts one invitation mail to `email` for the business and the actor; 429 (under `email`) past a limit. */
function assertInvitationPace(db: Database, actor: SessionUser, businessId: number, email: string) {
  return assertWithinLimits(
    db,
    [
      [`invite:business:${businessId}`, INVITATIONS_PER_BUSINESS],
      [`invite:actor:${actor.id}`, INVITATIONS_PER_ACTOR],
      [`invite:address:${businessId}:${email.trim().toLowerCase()}`, INVITATIONS_PER_ADDRESS],
    ],
    INVITATIONS_TOO_MANY,
    "email",
  );
}

export type TeamMemberStatus = "active" | "invited" | "expired";

/** Active once accepted (or linked before invitations existed); invited until the link lapses. */
export function teamMemberStatus(m: Pick<TeamMember, "userId" | "invitationExpiresAt">, now = Date.now()): TeamMemberStatus {
  if (m.userId !== null) return "active";
  return m.invitationExpiresAt && m.invitationExpiresAt.getTime() > now ? "invited" : "expired";
}

type TeamMemberDtoColumns = Pick<
  TeamMember,
  "id" | "businessId" | "name" | "email" | "role" | "userId" | "invitationExpiresAt" | "createdAt"
> & {
  /** The name and email of the account holding the seat (null or absent while pending). */
  holderName?: string | null;
  holderEmail?: string | null;
};

/**
 * A seat as the API and the screen show it. A held seat shows its holder's own name and email, not
 * the invited ones: an invitation may be forwarded and accepted by another account (decision 113),
 * and the team must see who really has access. The invited name and email stay for the record.
 */
export function toTeamMemberDto(m: TeamMemberDtoColumns, now = Date.now()) {
  const status = teamMemberStatus(m, now);
  const held = m.userId !== null && m.holderName != null && m.holderEmail != null;
  return {
    id: m.id,
    businessId: m.businessId,
    name: held ? (m.holderName as string) : m.name,
    email: held ? (m.holderEmail as string) : m.email,
    invitedName: m.name,
    invitedEmail: m.email,
    role: m.role,
    registered: m.userId !== null,
    status,
    invitationExpiresAt: status === "active" ? null : (m.invitationExpiresAt?.toISOString() ?? null),
    createdAt: m.createdAt.toISOString(),
  };
}

/** A page of the business's seats, newest first: unexecuted, for the caller's batch. */
function teamPageQuery(db: Database, businessId: number, { limit = 500, offset = 0 }: { limit?: number; offset?: number }) {
  return db
    .select({ ...getTableColumns(teamMembers), holderName: users.name, holderEmail: users.email })
    .from(teamMembers)
    .leftJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.businessId, businessId))
    .orderBy(desc(teamMembers.createdAt), desc(teamMembers.id))
    .limit(limit)
    .offset(offset);
}

export async function listTeam(
  db: Database,
  actor: SessionUser,
  businessId: number,
  page: { limit?: number; offset?: number } = {},
) {
  await requireBusinessRole(db, actor, businessId, "member", { allowPlatformAdmin: true });
  const rows = await teamPageQuery(db, businessId, page);
  const now = Date.now();
  return rows.map((m) => toTeamMemberDto(m, now));
}

/**
 * A page of the team and its unpaged size (the API's list), for the business's team or a platform
 * admin: the check is here, not left to the caller (decision 147).
 */
export async function listTeamPage(
  db: Database,
  actor: SessionUser,
  businessId: number,
  page: { limit: number; offset: number },
) {
  await requireBusinessRole(db, actor, businessId, "member", { allowPlatformAdmin: true });
  // Not one db.batch: D1's batch answers rows as objects, and the seat's `name` and its holder's
  // `name` would collide; each query on its own is read column by column.
  const [rows, totals] = await Promise.all([
    teamPageQuery(db, businessId, page),
    db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.businessId, businessId)),
  ]);
  const now = Date.now();
  return { items: rows.map((m) => toTeamMemberDto(m, now)), total: totals[0]?.n ?? 0 };
}

/**
 * The invitation mail for a seat, unexecuted, for the batch that creates or renews the seat. The
 * seat's id is read inside the batch, so the row names it even when the seat is inserted just before.
 */
function invitationMail(businessId: number, email: string): MailRequest {
  const memberId = sql`(select ${teamMembers.id} from ${teamMembers} where ${teamMembers.businessId} = ${businessId} and lower(${teamMembers.email}) = lower(${email}))`;
  return { kind: "team_invitation", toAddress: email, payload: sql`json_object('memberId', ${memberId})` };
}

/**
 * The owner or a team admin adds a member: a PENDING seat with an invitation mail. Nobody gets the
 * seat by having (or later taking) the address; only whoever accepts the emailed link does. Only the
 * owner may invite a team admin.
 */
export async function addTeamMember(db: Database, actor: SessionUser, businessId: number, input: TeamMemberInput) {
  const actorRole = await requireBusinessRole(db, actor, businessId, "admin");
  // Only the owner can remove an admin, so only the owner makes one: one bad admin cannot entrench
  // others (issue 15, finding 12; decision 052).
  if (input.role === "admin" && actorRole !== "owner") {
    throw new AppError(403, ONLY_OWNER_GRANTS_ADMIN, { role: [ONLY_OWNER_GRANTS_ADMIN] });
  }
  const business = await db
    .select({ userId: businesses.userId, companyName: businesses.companyName })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .get();
  if (!business) throw notFound("Business not found");
  const existing = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.businessId, businessId), sql`lower(${teamMembers.email}) = lower(${input.email})`))
    .get();
  if (existing) throw conflict(ALREADY_ON_TEAM, { email: [ALREADY_ON_TEAM] });
  const owner = await db.select({ email: users.email }).from(users).where(eq(users.id, business.userId)).get();
  if (owner?.email && owner.email.toLowerCase() === input.email.toLowerCase()) {
    throw conflict("The owner is already part of the team", { email: ["The owner is already part of the team"] });
  }
  await assertInvitationPace(db, actor, businessId, input.email);
  const now = new Date();
  const [inserted] = await db.batch([
    db
      .insert(teamMembers)
      .values({
        businessId,
        name: input.name,
        email: input.email,
        role: input.role,
        userId: null,
        invitedByUserId: actor.id,
        invitationExpiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
      .returning(),
    // Right after the insert, last_insert_rowid() is the new member's id (so the webhook rows go first).
    ...effectStatements(db, {
      events: [
        {
          businessId,
          type: "team_member.added",
          data: { businessId, name: input.name, email: input.email, role: input.role, createdAt: now.toISOString() },
          idSql: sql`last_insert_rowid()`,
        },
      ],
      activity: [
        {
          action: "Team member added",
          details: `${input.name} (${input.email}) was invited to ${business.companyName} as ${input.role}`,
          activityType: "team_member_added",
          userId: actor.id,
          businessId,
        },
      ],
      mail: [invitationMail(businessId, input.email)],
    }),
  ]);
  const member = inserted[0];
  if (!member) throw new Error("team member vanished after insert");
  return toTeamMemberDto(member);
}

/**
 * The owner or a team admin sends a pending (or lapsed) invitation again: a new week, a new mail,
 * and the old link stops working at once (its hash goes; the job stores the new one when it sends).
 */
/**
 * A seat the actor manages (team admin or owner of its business), read with the actor's own seat in
 * one statement: another business's seat and a missing one answer the same 404 after the same one
 * round trip (issue 15, finding 9). A team member below admin gets 403, as before.
 */
async function requireManagedSeat(db: Database, actor: SessionUser, memberId: number) {
  const row = await db
    .select({
      member: teamMembers,
      ownerId: businesses.userId,
      teamRole: actorSeat.role,
      holderName: users.name,
      holderEmail: users.email,
    })
    .from(teamMembers)
    .innerJoin(businesses, eq(businesses.id, teamMembers.businessId))
    .leftJoin(actorSeat, actorSeatJoin(teamMembers.businessId, actor.id))
    .leftJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.id, memberId))
    .get();
  if (!row) throw notFound("Team member not found");
  const role = checkBusinessRole([{ ownerId: row.ownerId, teamRole: row.teamRole }], actor, row.member.businessId, "admin", {
    notFoundMessage: "Team member not found",
  });
  return { member: { ...row.member, holderName: row.holderName, holderEmail: row.holderEmail }, role };
}

export async function resendInvitation(db: Database, actor: SessionUser, memberId: number) {
  const { member } = await requireManagedSeat(db, actor, memberId);
  if (member.userId !== null) throw conflict(ALREADY_ACCEPTED);
  const now = Date.now();
  // The last (re)send is when the current expiry was set, a week before it.
  const lastSentAt = member.invitationExpiresAt ? member.invitationExpiresAt.getTime() - INVITATION_TTL_MS : 0;
  const wait = lastSentAt + RESEND_INTERVAL_MS - now;
  if (wait > 0) throw new AppError(429, RESEND_TOO_SOON, undefined, { "Retry-After": String(Math.ceil(wait / 1000)) });
  await assertInvitationPace(db, actor, member.businessId, member.email);
  const expiresAt = new Date(now + INVITATION_TTL_MS);
  const [updated] = await db.batch([
    db
      .update(teamMembers)
      .set({ invitationTokenHash: null, invitationExpiresAt: expiresAt, invitedByUserId: actor.id })
      .where(and(eq(teamMembers.id, memberId), isNull(teamMembers.userId)))
      .returning(),
    ...effectStatements(db, {
      // Only if the update above renewed the seat (an acceptance racing it leaves no event).
      events: [
        {
          businessId: member.businessId,
          type: "team_member.invitation_resent",
          data: toTeamMemberDto({ ...member, invitationExpiresAt: expiresAt }, now),
          when: sql`exists (select 1 from ${teamMembers} where ${teamMembers.id} = ${memberId} and ${teamMembers.userId} is null and ${teamMembers.invitationExpiresAt} = ${expiresAt.getTime()})`,
        },
      ],
      mail: [invitationMail(member.businessId, member.email)],
    }),
  ]);
  const row = updated[0];
  if (!row) throw conflict(ALREADY_ACCEPTED);
  return toTeamMemberDto(row, now);
}

/**
 * Remove Member, and revoke for a pending invitation (the seat goes, so its link stops working).
 * The owner removes anyone; a team admin removes members and revokes any pending invitation (it
 * grants nothing yet), but does not remove another admin who has joined.
 */
export async function removeTeamMember(db: Database, actor: SessionUser, memberId: number) {
  const { member, role } = await requireManagedSeat(db, actor, memberId);
  const pending = member.userId === null;
  if (!pending && member.role === "admin" && role !== "owner") throw forbidden(ONLY_OWNER_REMOVES_ADMINS);
  const shown = toTeamMemberDto(member);
  await db.batch([
    db.delete(teamMembers).where(eq(teamMembers.id, memberId)),
    ...effectStatements(db, {
      events: [{ businessId: member.businessId, type: "team_member.removed", data: shown }],
      activity: [
        {
          action: pending ? "Invitation revoked" : "Team member removed",
          details: pending
            ? `The invitation of ${member.name} (${member.email}) was revoked`
            : `${shown.name} (${shown.email}) was removed from the team`,
          activityType: "team_member_removed",
          userId: actor.id,
          businessId: member.businessId,
        },
      ],
    }),
  ]);
  return shown;
}
