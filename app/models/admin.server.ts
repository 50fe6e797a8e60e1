import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { type AccountType, businesses, connectors, referralCounts, sessions, teamMembers, users } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { AppError, forbidden, notFound } from "../utils/errors.server";
import { fromHundredths } from "../utils/money";
import type { SessionUser } from "../utils/session.server";
import { containsPattern, likeEscaped } from "../utils/sql.server";
import { activityInsert } from "./activity.server";
import { mailInsert } from "./mail/outbox.server";
import { notificationInsert } from "./notifications.server";
import { getReferralRow } from "./referral-access.server";

function requireAdmin(actor: SessionUser) {
  if (!actor.isAdmin) throw forbidden("Admin access required");
}

const likeAny = (pattern: string, ...columns: SQL[]) => or(...columns.map((c) => likeEscaped(c, pattern)));

/** SPEC "Admin stats": one statement. Active connectors are those whose account is not suspended. */
/** The platform's totals in one statement (unexecuted, for a caller's batch); referrals from referral_counts. */
export function platformStatsQuery(db: Database) {
  return db.all<PlatformStatsRow>(sql`
    select
      (select coalesce(sum(n), 0) from referral_counts where owner_kind = 'platform') as totalReferrals,
      -- All connectors but the suspended ones: users_suspended_idx counts those without reading every user.
      (select count(*) from connectors) - (select count(*) from connectors c join users u on u.id = c.user_id where u.suspended_at is not null) as totalConnectors,
      (select count(*) from businesses) as totalBusinesses,
      (select coalesce(sum(n), 0) from referral_counts where owner_kind = 'platform' and status = 'completed') as completedReferrals`);
}
type PlatformStatsRow = {
  totalReferrals: number;
  totalConnectors: number;
  totalBusinesses: number;
  completedReferrals: number;
};

export function toPlatformStats(rows: PlatformStatsRow[]) {
  const row = rows[0];
  return {
    totalReferrals: row?.totalReferrals ?? 0,
    totalConnectors: row?.totalConnectors ?? 0,
    totalBusinesses: row?.totalBusinesses ?? 0,
    completedReferrals: row?.completedReferrals ?? 0,
  };
}

export async function platformStats(db: Database) {
  return toPlatformStats(await platformStatsQuery(db));
}

export type SortDirection = "asc" | "desc";
const order = (column: SQL | Parameters<typeof asc>[0], dir: SortDirection) => (dir === "asc" ? asc(column) : desc(column));

/**
 * Totals for a page of connectors or businesses, read from `referral_counts` (kept by the referral
 * triggers, decision 036: per owner, status and currency, the count and the sums of fees and
 * revenue) over the page's ids, given as a subquery so it rides in the page's own batch (decision
 * 076): a few primary-key rows per owner, where grouping the referrals read every one of them (an
 * export of 12,500 businesses summed 125,000 referrals). Unexecuted; totalsBy reads it.
 */
function referralTotalsQuery(db: Database, by: "connectorId" | "businessId", pageIds: SQL) {
  return db
    .select({
      ownerId: referralCounts.ownerId,
      status: referralCounts.status,
      currency: referralCounts.currency,
      n: referralCounts.n,
      revenue: referralCounts.revenue,
      fees: referralCounts.fees,
    })
    .from(referralCounts)
    .where(
      and(
        eq(referralCounts.ownerKind, by === "connectorId" ? "connector" : "business"),
        sql`${referralCounts.ownerId} in ${pageIds}`,
        // A status every referral has left keeps its row at 0.
        sql`${referralCounts.n} > 0`,
      ),
    );
}

type Totals = {
  counts: { total: number; pending: number; approved: number; completed: number; rejected: number };
  completed: { currency: string; revenue: number; fees: number }[];
};

function emptyTotals(): Totals {
  return { counts: { total: 0, pending: 0, approved: 0, completed: 0, rejected: 0 }, completed: [] };
}

function totalsBy<R extends { status: keyof Totals["counts"]; currency: string; n: number; revenue: number; fees: number }>(
  rows: R[],
  key: (row: R) => number,
) {
  const map = new Map<number, Totals>();
  for (const r of rows) {
    const t = map.get(key(r)) ?? emptyTotals();
    t.counts[r.status] += r.n;
    t.counts.total += r.n;
    if (r.status === "completed")
      t.completed.push({ currency: r.currency, revenue: fromHundredths(r.revenue), fees: fromHundredths(r.fees) });
    map.set(key(r), t);
  }
  return map;
}

/** A row's place in an admin table's sort: its sort value and id (decision 076). */
export type AdminRowKey = { value: string | number; id: number };

/**
 * The rows after `key` in the order (sort value, id) runs, as one row-value comparison: with the
 * sort's index it is a seek, so the thousandth page of an export costs what the first did.
 */
function afterKey(sortColumn: SQL, id: SQL | Parameters<typeof asc>[0], dir: SortDirection, key: AdminRowKey) {
  return dir === "asc"
    ? sql`(${sortColumn}, ${id}) > (${key.value}, ${key.id})`
    : sql`(${sortColumn}, ${id}) < (${key.value}, ${key.id})`;
}

/** An admin row's key in its sort, for the next page of an export. */
export function adminRowKey(
  row: { id: number; createdAt: string; counts: { total: number } } & ({ name: string } | { companyName: string }),
  sort: ConnectorSort | BusinessSort,
): AdminRowKey {
  if (sort === "createdAt") return { value: Date.parse(row.createdAt), id: row.id };
  if (sort === "referrals") return { value: row.counts.total, id: row.id };
  return { value: "name" in row ? row.name : row.companyName, id: row.id };
}

/** No total (an export's pages need none): one constant row instead of a count. */
const noTotal = (db: Database) => db.all<{ total: number }>(sql`select -1 as total`);

export type ConnectorSort = "name" | "createdAt" | "referrals";
export type AdminConnectorQuery = {
  /** One connector (the admin detail view). */
  id?: number;
  q?: string;
  accountType?: AccountType;
  status?: "active" | "suspended";
  sort: ConnectorSort;
  dir: SortDirection;
  limit: number;
  offset: number;
  /** CSV exports: no total is counted, and a page may continue after a row (keyset paging). */
  exporting?: boolean;
  after?: AdminRowKey;
};

/**
 * How many connectors the filter keeps. Every connector has its user (a foreign key), so without a
 * filter on users the count reads connectors alone; "active" alone is all connectors but the
 * suspended ones, which users_suspended_idx (a partial index) counts without reading every user.
 */
function connectorCountQuery(db: Database, query: AdminConnectorQuery, where: SQL | undefined) {
  if (query.id === undefined && !query.q && !query.accountType && query.status === "active")
    return db.all<{ total: number }>(sql`select (select count(*) from ${connectors}) - (select count(*) from ${connectors}
        join ${users} on ${users.id} = ${connectors.userId} where ${users.suspendedAt} is not null) as total`);
  if (query.q || query.accountType || query.status)
    return db.select({ total: count() }).from(connectors).innerJoin(users, eq(users.id, connectors.userId)).where(where);
  return db.select({ total: count() }).from(connectors).where(where);
}

/**
 * Admin > Connectors, unexecuted: a page of connectors, the filter's total, and the page's referral
 * totals, for one batch (the screen's rides with its session lookup: one round trip).
 */
export function adminConnectorsQueries(db: Database, query: AdminConnectorQuery) {
  const parts: (SQL | undefined)[] = [];
  if (query.id !== undefined) parts.push(eq(connectors.id, query.id));
  if (query.q)
    parts.push(likeAny(containsPattern(query.q), sql`${connectors.name}`, sql`${connectors.email}`, sql`${users.username}`));
  if (query.accountType) parts.push(eq(users.accountType, query.accountType));
  if (query.status === "suspended") parts.push(sql`${users.suspendedAt} is not null`);
  if (query.status === "active") parts.push(isNull(users.suspendedAt));
  const referralCount = sql<number>`(select count(*) from referrals r where r.connector_id = ${connectors.id})`;
  const sortColumn =
    query.sort === "referrals"
      ? referralCount
      : query.sort === "createdAt"
        ? sql`${connectors.createdAt}`
        : sql`${connectors.name} collate nocase`;
  if (query.after) parts.push(afterKey(sortColumn, connectors.id, query.dir, query.after));
  const where = and(...parts);
  // The page, as its rows and (for the totals' subquery) as its ids: the same filter, order and slice.
  const ordered = [order(sortColumn, query.dir), order(connectors.id, query.dir)] as const;
  const pageIds = db
    .select({ id: connectors.id })
    .from(connectors)
    .innerJoin(users, eq(users.id, connectors.userId))
    .where(where)
    .orderBy(...ordered)
    .limit(query.limit)
    .offset(query.offset);
  return [
    db
      .select({
        id: connectors.id,
        userId: connectors.userId,
        name: connectors.name,
        email: connectors.email,
        phone: connectors.phone,
        createdAt: connectors.createdAt,
        username: users.username,
        accountType: users.accountType,
        suspendedAt: users.suspendedAt,
      })
      .from(connectors)
      .innerJoin(users, eq(users.id, connectors.userId))
      .where(where)
      // Ties follow the sort's direction, so one index walk serves either direction (decision 073).
      .orderBy(...ordered)
      .limit(query.limit)
      .offset(query.offset),
    // Every connector has its user (a foreign key): the count reads users only when a filter does.
    query.exporting ? noTotal(db) : connectorCountQuery(db, query, where),
    referralTotalsQuery(db, "connectorId", sql`(${pageIds})`),
  ] as const;
}

export function toAdminConnectors([rows, totals, referralTotals]: BatchResponse<ReturnType<typeof adminConnectorsQueries>>) {
  const byConnector = totalsBy(referralTotals, (r) => r.ownerId);
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      suspended: r.suspendedAt !== null,
      suspendedAt: r.suspendedAt?.toISOString() ?? null,
      ...(byConnector.get(r.id) ?? emptyTotals()),
    })),
    total: totals[0]?.total ?? 0,
  };
}

/** Admin > Connectors: a page of connectors with their referral counts and completed totals. */
export async function adminConnectors(db: Database, query: AdminConnectorQuery) {
  return toAdminConnectors(await db.batch(adminConnectorsQueries(db, query)));
}

export type BusinessSort = "companyName" | "createdAt" | "referrals";
export type AdminBusinessQuery = {
  /** One business (the admin detail view). */
  id?: number;
  q?: string;
  sector?: string;
  sort: BusinessSort;
  dir: SortDirection;
  limit: number;
  offset: number;
  /** CSV exports: no total is counted, and a page may continue after a row (keyset paging). */
  exporting?: boolean;
  after?: AdminRowKey;
};

const owner = alias(users, "owner");

/**
 * Admin > Businesses, unexecuted: a page (company, uen, sector, owner, team size), the filter's
 * total, and the page's referral totals, for one batch (the screen's rides with its session lookup).
 */
export function adminBusinessesQueries(db: Database, query: AdminBusinessQuery) {
  const parts: (SQL | undefined)[] = [];
  if (query.id !== undefined) parts.push(eq(businesses.id, query.id));
  if (query.q)
    parts.push(likeAny(containsPattern(query.q), sql`${businesses.companyName}`, sql`${businesses.uen}`, sql`${owner.name}`));
  if (query.sector) parts.push(sql`${businesses.sector} = ${query.sector} collate nocase`);
  const referralCount = sql<number>`(select count(*) from referrals r where r.business_id = ${businesses.id})`;
  const sortColumn =
    query.sort === "referrals"
      ? referralCount
      : query.sort === "createdAt"
        ? sql`${businesses.createdAt}`
        : sql`${businesses.companyName} collate nocase`;
  if (query.after) parts.push(afterKey(sortColumn, businesses.id, query.dir, query.after));
  const where = and(...parts);
  // The page, as its rows and (for the totals' subquery) as its ids: the same filter, order and slice.
  const ordered = [order(sortColumn, query.dir), order(businesses.id, query.dir)] as const;
  const pageIds = db
    .select({ id: businesses.id })
    .from(businesses)
    .innerJoin(owner, eq(owner.id, businesses.userId))
    .where(where)
    .orderBy(...ordered)
    .limit(query.limit)
    .offset(query.offset);
  return [
    db
      .select({
        id: businesses.id,
        companyName: businesses.companyName,
        uen: businesses.uen,
        sector: businesses.sector,
        createdAt: businesses.createdAt,
        ownerId: sql<number>`${owner.id}`.as("owner_id"),
        ownerName: sql<string>`${owner.name}`.as("owner_name"),
        ownerUsername: sql<string>`${owner.username}`.as("owner_username"),
        ownerSuspendedAt: sql<number | null>`${owner.suspendedAt}`.as("owner_suspended_at"),
        teamSize: sql<number>`(select count(*) from team_members t where t.business_id = ${businesses.id})`.as("team_size"),
      })
      .from(businesses)
      .innerJoin(owner, eq(owner.id, businesses.userId))
      .where(where)
      // Ties follow the sort's direction, so one index walk serves either direction (decision 073).
      .orderBy(...ordered)
      .limit(query.limit)
      .offset(query.offset),
    // Every business has its owner (a foreign key): the count reads users only when the search does.
    query.exporting
      ? noTotal(db)
      : query.q
        ? db.select({ total: count() }).from(businesses).innerJoin(owner, eq(owner.id, businesses.userId)).where(where)
        : db.select({ total: count() }).from(businesses).where(where),
    referralTotalsQuery(db, "businessId", sql`(${pageIds})`),
  ] as const;
}

export function toAdminBusinesses([rows, totals, referralTotals]: BatchResponse<ReturnType<typeof adminBusinessesQueries>>) {
  const byBusiness = totalsBy(referralTotals, (r) => r.ownerId);
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      // Every timestamp of the API is an ISO string.
      ownerSuspendedAt: r.ownerSuspendedAt === null ? null : new Date(r.ownerSuspendedAt).toISOString(),
      ownerSuspended: r.ownerSuspendedAt !== null,
      ...(byBusiness.get(r.id) ?? emptyTotals()),
    })),
    total: totals[0]?.total ?? 0,
  };
}

/** Admin > Businesses: company, uen, sector, owner, team size, referrals received, completed revenue. */
export async function adminBusinesses(db: Database, query: AdminBusinessQuery) {
  return toAdminBusinesses(await db.batch(adminBusinessesQueries(db, query)));
}

/**
 * Distinct sectors (case aside: the filter ignores case), for the Businesses filter, unexecuted.
 * Each step seeks the next one in the sector index, so 100,000 businesses cost one seek per sector
 * instead of a read of every business (decision 076).
 */
export function businessSectorsQuery(db: Database) {
  return db.all<{ sector: string }>(sql`
    with recursive s(sector) as (
      select (select min(${businesses.sector} collate nocase) from ${businesses} where ${businesses.sector} > '' collate nocase)
      union all
      select (select min(b.sector collate nocase) from ${businesses} b where b.sector > s.sector collate nocase)
        from s where s.sector is not null limit 201
    )
    select sector from s where sector is not null`);
}

export const toSectors = (rows: { sector: string }[]) => rows.slice(0, 200).map((r) => r.sector);

export async function businessSectors(db: Database): Promise<string[]> {
  return toSectors(await businessSectorsQuery(db));
}

/**
 * Suspends or reinstates a user. A suspended user cannot log in and every session of theirs ends at
 * once (same batch). Admins cannot suspend themselves or other admins. Logged with the admin's id.
 */
export async function setSuspended(db: Database, actor: SessionUser, userId: number, suspended: boolean) {
  requireAdmin(actor);
  const target = await db
    .select({ id: users.id, name: users.name, username: users.username, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!target) throw notFound("User not found");
  if (target.isAdmin) throw new AppError(422, "Administrators cannot be suspended here");
  const now = new Date();
  const log = activityInsert(db, {
    action: suspended ? "User suspended" : "User reinstated",
    details: `${target.name} (@${target.username}) was ${suspended ? "suspended" : "reinstated"} by admin #${actor.id}`,
    activityType: suspended ? "user_suspended" : "user_reinstated",
    userId: actor.id,
  });
  const update = db
    .update(users)
    .set({ suspendedAt: suspended ? now : null, updatedAt: now })
    .where(eq(users.id, userId));
  if (suspended) await db.batch([update, db.delete(sessions).where(eq(sessions.userId, userId)), log]);
  else await db.batch([update, log]);
  return { id: target.id, suspended };
}

/**
 * Remind: the business's owner and linked team members get a notification about the referral, the
 * owner also gets it by mail (if verified and not opted out, decided at send time), and the
 * reminder is logged with the admin's id, all in one batch.
 */
export async function remindBusiness(db: Database, actor: SessionUser, referralId: number) {
  requireAdmin(actor);
  const row = await getReferralRow(db, referralId);
  if (!row) throw notFound("Referral not found");
  const team = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.businessId, row.referral.businessId), sql`${teamMembers.userId} is not null`));
  const recipients = [...new Set([row.businessOwnerId, ...team.map((t) => t.userId as number)])];
  const title = `Reminder: please review the referral of ${row.referral.referredPersonName}`;
  const link = `/business/update?referral=${referralId}`;
  await db.batch([
    activityInsert(db, {
      action: "Reminder sent",
      details: `Admin #${actor.id} reminded ${row.businessName} about ${row.referral.referredPersonName}`,
      activityType: "referral_reminder",
      userId: actor.id,
      businessId: row.referral.businessId,
    }),
    ...recipients.map((userId) =>
      notificationInsert(db, {
        userId,
        title,
        body: `Referred by ${row.connectorName}; status ${row.referral.status}.`,
        link,
        referralId,
      }),
    ),
    mailInsert(db, {
      kind: "referral_reminder",
      userId: row.businessOwnerId,
      payload: { path: link, businessName: row.businessName, referredPersonName: row.referral.referredPersonName },
    }),
  ]);
  return { notified: recipients.length };
}

/** One connector with its totals, or undefined. */
export async function adminConnector(db: Database, id: number) {
  const { items } = await adminConnectors(db, { id, sort: "name", dir: "asc", limit: 1, offset: 0 });
  return items[0];
}

/** One business with its owner and totals, or undefined. */
export async function adminBusiness(db: Database, id: number) {
  const { items } = await adminBusinesses(db, { id, sort: "companyName", dir: "asc", limit: 1, offset: 0 });
  return items[0];
}

export type AdminConnectorRow = Awaited<ReturnType<typeof adminConnectors>>["items"][number];
export type AdminBusinessRow = Awaited<ReturnType<typeof adminBusinesses>>["items"][number];
