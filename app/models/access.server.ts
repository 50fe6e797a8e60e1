import { and, eq } from "drizzle-orm";
import { businesses, teamMembers } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { forbidden, notFound } from "../utils/errors.server";
import type { SessionUser } from "../utils/session.server";

/** How a user relates to a business: its owner, a team admin, a team member, or nothing. */
export type BusinessRole = "owner" | "admin" | "member";

type Actor = Pick<SessionUser, "id" | "isAdmin" | "apiKey">;

export async function businessRoleOf(db: Database, user: Actor, businessId: number): Promise<BusinessRole | null> {
  // An API key reaches its own business only (a personal key, none).
  if (user.apiKey && user.apiKey.businessId !== businessId) return null;
  const row = await db
    .select({ ownerId: businesses.userId, teamRole: teamMembers.role })
    .from(businesses)
    .leftJoin(teamMembers, and(eq(teamMembers.businessId, businesses.id), eq(teamMembers.userId, user.id)))
    .where(eq(businesses.id, businessId))
    .get();
  if (!row) return null;
  if (row.ownerId === user.id) return "owner";
  return row.teamRole ?? null;
}

/**
 * The business a user works for: the one they own, else the first team they belong to. Screens
 * under /business use it; the API names the business explicitly.
 */
export async function workplaceOf(db: Database, user: Actor): Promise<{ businessId: number; role: BusinessRole } | null> {
  const owned = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, user.id)).get();
  if (owned) return { businessId: owned.id, role: "owner" };
  const seat = await db
    .select({ businessId: teamMembers.businessId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.userId, user.id))
    .orderBy(teamMembers.id)
    .get();
  return seat ? { businessId: seat.businessId, role: seat.role } : null;
}

const RANK: Record<BusinessRole, number> = { member: 1, admin: 2, owner: 3 };

/**
 * Requires at least `least` on the business (admins of the platform pass when `allowPlatformAdmin`).
 * Anyone else gets 404: another party's business looks like it does not exist.
 */
export async function requireBusinessRole(
  db: Database,
  user: Actor,
  businessId: number,
  least: BusinessRole,
  { allowPlatformAdmin = false } = {},
): Promise<BusinessRole | "platform-admin"> {
  if (allowPlatformAdmin && user.isAdmin) {
    // Admins see any business, but one that does not exist is still not found (not an empty list).
    const exists = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).get();
    if (!exists) throw notFound("Business not found");
    return "platform-admin";
  }
  const role = await businessRoleOf(db, user, businessId);
  if (!role) throw notFound("Business not found");
  if (RANK[role] < RANK[least]) throw forbidden();
  return role;
}
