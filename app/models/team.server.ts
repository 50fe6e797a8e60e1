import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { businesses, type TeamMember, teamMembers, users } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { conflict, forbidden, notFound } from "../utils/errors.server";
import type { SessionUser } from "../utils/session.server";
import type { TeamMemberInput } from "../validation/team";
import { requireBusinessRole } from "./access.server";
import { activityInsert } from "./activity.server";
import { webhookEventStatements } from "./webhooks.server";

export const ALREADY_ON_TEAM = "This email is already on the team";
export const ONLY_OWNER_REMOVES_ADMINS = "Only the owner can remove a team admin";

export function toTeamMemberDto(m: TeamMember) {
  return {
    id: m.id,
    businessId: m.businessId,
    name: m.name,
    email: m.email,
    role: m.role,
    registered: m.userId !== null,
    createdAt: m.createdAt.toISOString(),
  };
}

export async function listTeam(
  db: Database,
  actor: SessionUser,
  businessId: number,
  { limit = 500, offset = 0 }: { limit?: number; offset?: number } = {},
) {
  await requireBusinessRole(db, actor, businessId, "member", { allowPlatformAdmin: true });
  const rows = await db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.businessId, businessId))
    .orderBy(desc(teamMembers.createdAt), desc(teamMembers.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toTeamMemberDto);
}

/** The unpaged size of a business's team (callers check access first, e.g. with listTeam). */
export async function teamSize(db: Database, businessId: number): Promise<number> {
  const row = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.businessId, businessId)).get();
  return row?.n ?? 0;
}

/**
 * The owner or a team admin adds a member. A registered user with that email becomes the member now;
 * one who signs up later with it becomes the member then (see linkTeamSeats).
 */
export async function addTeamMember(db: Database, actor: SessionUser, businessId: number, input: TeamMemberInput) {
  await requireBusinessRole(db, actor, businessId, "admin");
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
  const now = new Date();
  const [inserted] = await db.batch([
    db
      .insert(teamMembers)
      .values({
        businessId,
        name: input.name,
        email: input.email,
        role: input.role,
        userId: sql`(select id from users where lower(email) = lower(${input.email}) and is_admin = 0 order by id limit 1)`,
        createdAt: now,
      })
      .returning(),
    // Right after the insert, last_insert_rowid() is the new member's id.
    ...webhookEventStatements(db, {
      businessId,
      type: "team_member.added",
      data: { businessId, name: input.name, email: input.email, role: input.role, createdAt: now.toISOString() },
      idSql: sql`last_insert_rowid()`,
    }),
    activityInsert(db, {
      action: "Team member added",
      details: `${input.name} (${input.email}) joined ${business.companyName} as ${input.role}`,
      activityType: "team_member_added",
      userId: actor.id,
      businessId,
    }),
  ]);
  const member = inserted[0];
  if (!member) throw new Error("team member vanished after insert");
  return toTeamMemberDto(member);
}

/** The owner removes anyone; a team admin removes members but not other admins. */
export async function removeTeamMember(db: Database, actor: SessionUser, memberId: number) {
  const member = await db.select().from(teamMembers).where(eq(teamMembers.id, memberId)).get();
  if (!member) throw notFound("Team member not found");
  const role = await requireBusinessRole(db, actor, member.businessId, "admin");
  if (member.role === "admin" && role !== "owner") throw forbidden(ONLY_OWNER_REMOVES_ADMINS);
  await db.batch([
    db.delete(teamMembers).where(eq(teamMembers.id, memberId)),
    ...webhookEventStatements(db, { businessId: member.businessId, type: "team_member.removed", data: toTeamMemberDto(member) }),
    activityInsert(db, {
      action: "Team member removed",
      details: `${member.name} (${member.email}) was removed from the team`,
      activityType: "team_member_removed",
      userId: actor.id,
      businessId: member.businessId,
    }),
  ]);
  return toTeamMemberDto(member);
}

/** At signup, unclaimed seats with the new user's email become theirs (part of the signup batch). */
export function linkTeamSeats(db: Database, email: string, userId: number | ReturnType<typeof sql>) {
  return db
    .update(teamMembers)
    .set({ userId: userId as number })
    .where(and(sql`lower(${teamMembers.email}) = lower(${email})`, isNull(teamMembers.userId)));
}
