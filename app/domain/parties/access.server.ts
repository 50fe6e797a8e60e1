import { and, eq, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { businesses, teamMembers } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { forbidden, notFound } from "../../utils/errors.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import type { SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";

/** How a user relates to a business: its owner, a team admin, a team member, or nothing. */
export type BusinessRole = "owner" | "admin" | "member";

type Actor = Pick<SessionUser, "id" | "isAdmin" | "apiKey">;

export async function businessRoleOf(db: Database, user: Actor, businessId: number): Promise<BusinessRole | null> {
  // An API key reaches its own business only (a personal key, none).
  if (user.apiKey && user.apiKey.businessId !== businessId) return null;
  return roleFrom(await businessSeatQuery(db, { userId: user.id }, businessId), user, businessId);
}

/** The business (a row, if it exists) with the user's seat in it: unexecuted, for a caller's batch. */
const seatSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({ ownerId: businesses.userId, teamRole: teamMembers.role })
    .from(businesses)
    .leftJoin(teamMembers, and(eq(teamMembers.businessId, businesses.id), eq(teamMembers.userId, viewerIdSql(kind))))
    .where(eq(businesses.id, sql.placeholder("businessId"))),
);

/** The business's owner and the viewer's team role in it (unexecuted; checkBusinessRole reads it). */
export function businessSeatQuery(db: Database, viewer: Viewer, businessId: number) {
  return seatSelect(db, viewerKind(viewer), { ...viewerValues(viewer), businessId });
}
type SeatRows = Awaited<ReturnType<typeof businessSeatQuery>>;
/** A business's owner and a user's team role in it: a row of businessSeatQuery, or the same columns read with a row of the business. */
export type SeatRow = SeatRows[number];

/** The user's role from the rows of businessSeatQuery (null: none, or a key of another business). */
export function roleFrom(rows: SeatRows, user: Actor, businessId: number): BusinessRole | null {
  if (user.apiKey && user.apiKey.businessId !== businessId) return null;
  const row = rows[0];
  if (!row) return null;
  if (row.ownerId === user.id) return "owner";
  return row.teamRole ?? null;
}

/**
 * The business a user works for (their workplace): the one they own, else the first team they
 * belong to, as a scalar subquery (null without one) for a caller's own batch. Screens under
 * /business use it (see workplace.server loadWorkplace); the API names the business explicitly.
 */
export function workplaceIdOf(userId: SQLWrapper): SQL<number | null> {
  return sql`coalesce(
    (select ${businesses.id} from ${businesses} where ${businesses.userId} = ${userId}),
    (select ${teamMembers.businessId} from ${teamMembers} where ${teamMembers.userId} = ${userId} order by ${teamMembers.id} limit 1))`;
}

const workplaceSelect = preparedSelect((db, kind: ViewerKind) => {
  const userId = viewerIdSql(kind);
  return db
    .select({ business: businesses, teamRole: teamMembers.role })
    .from(businesses)
    .leftJoin(teamMembers, and(eq(teamMembers.businessId, businesses.id), eq(teamMembers.userId, userId)))
    .where(eq(businesses.id, workplaceIdOf(userId)));
});

/** The workplace's business and the viewer's seat in it, in one statement (unexecuted). */
export function workplaceQuery(db: Database, viewer: Viewer) {
  return workplaceSelect(db, viewerKind(viewer), viewerValues(viewer));
}

export function toWorkplace(rows: Awaited<ReturnType<typeof workplaceQuery>>, userId: number) {
  const row = rows[0];
  if (!row) return null;
  const role: BusinessRole | null = row.business.userId === userId ? "owner" : row.teamRole;
  return role ? { business: row.business, role } : null;
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
  options: { allowPlatformAdmin?: boolean } = {},
): Promise<BusinessRole | "platform-admin"> {
  return checkBusinessRole(await businessSeatQuery(db, { userId: user.id }, businessId), user, businessId, least, options);
}

/**
 * The actor's seat columns to join onto a query of a business's row (its `businessId` column): the
 * owner and the actor's team role come back with the row, so "another business's" and "no such row"
 * take the same single round trip (issue 15, finding 9). Join `actorSeat` with `actorSeatJoin`.
 */
export const actorSeat = alias(teamMembers, "actor_seat");
export function actorSeatJoin(businessId: SQLWrapper, actorId: number | Placeholder | SQL) {
  return and(eq(actorSeat.businessId, businessId), eq(actorSeat.userId, actorId));
}

/**
 * requireBusinessRole over rows a caller read in its own batch (businessSeatQuery next to the data
 * it wants, or the `actorSeat` columns of a row of the business): nothing else of that batch may be
 * used or returned before this passes. `notFoundMessage` is the 404's message: for a row of the
 * business (an endpoint, a key, a seat), the row itself is what someone outside it cannot find.
 */
export function checkBusinessRole(
  rows: SeatRows,
  user: Actor,
  businessId: number,
  least: BusinessRole,
  { allowPlatformAdmin = false, notFoundMessage = "Business not found" } = {},
): BusinessRole | "platform-admin" {
  if (allowPlatformAdmin && user.isAdmin) {
    // Admins see any business, but one that does not exist is still not found (not an empty list).
    if (!rows[0]) throw notFound(notFoundMessage);
    return "platform-admin";
  }
  const role = roleFrom(rows, user, businessId);
  if (!role) throw notFound(notFoundMessage);
  if (RANK[role] < RANK[least]) throw forbidden();
  return role;
}
