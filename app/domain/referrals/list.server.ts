import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { type ReferralStatus, referralCounts, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { containsText } from "../../utils/sql.server";
import { viewerIdSql } from "../../utils/viewer.server";
import { type ReferralViewer, referralWithUnreadQuery, toReferralDto } from "./dto.server";
import { countsCondition, type ReferralScope, type ScopeKind, scopeCondition, scopeKind, scopeValues } from "./scope.server";
import { referralStatusCountsQuery, toStats } from "./totals.server";

export type ReferralSort = "createdAt" | "revenue" | "fee" | "status";
export type ReferralListQuery = {
  q?: string;
  status?: ReferralStatus;
  limit: number;
  offset: number;
  /** Default: newest first. The admin console sorts by the other columns too. */
  sort?: ReferralSort;
  dir?: "asc" | "desc";
};

const referralSortColumns = {
  createdAt: sql`${referrals.createdAt}`,
  revenue: sql`coalesce(${referrals.revenueReceived}, 0)`,
  fee: sql`coalesce(${referrals.feeAmount}, 0)`,
  status: sql`${referrals.status}`,
} satisfies Record<ReferralSort, SQL>;

function referralOrder(query: Pick<ReferralListQuery, "sort" | "dir">): SQL[] {
  const column = referralSortColumns[query.sort ?? "createdAt"];
  const dir = query.dir === "asc" ? sql`asc` : sql`desc`;
  // Within a status, newest first (or oldest, ascending): referrals_status_created_idx then serves
  // the sort as an index walk instead of sorting a million rows (decision 073).
  const within = query.sort === "status" ? [sql`${referrals.createdAt} ${dir}`] : [];
  return [sql`${column} ${dir}`, ...within, query.dir === "asc" ? sql`${referrals.id} asc` : desc(referrals.id)];
}

type FilterShape = { scope: ScopeKind; q: boolean; status: boolean };
function filterShape(scope: ReferralScope, query: Pick<ReferralListQuery, "q" | "status">): FilterShape {
  return { scope: scopeKind(scope), q: Boolean(query.q), status: Boolean(query.status) };
}
function filterValues(scope: ReferralScope, query: Pick<ReferralListQuery, "q" | "status">) {
  return {
    ...scopeValues(scope),
    status: query.status ?? null,
    needle: query.q || null,
  };
}

function filterCondition(shape: FilterShape) {
  const parts: (SQL | undefined)[] = [scopeCondition(shape.scope)];
  if (shape.status) parts.push(eq(referrals.status, sql.placeholder("status")));
  if (shape.q) parts.push(containsText(referrals.referredPersonName, sql.placeholder("needle")));
  return and(...parts);
}

/**
 * A page of referrals (newest first), the filtered total, and the per-status counts of the whole
 * scope, fetched in one round trip (a D1 batch).
 */
export async function listReferrals(db: Database, scope: ReferralScope, query: ReferralListQuery, viewer?: ReferralViewer) {
  const [rows, totals, byStatus] = await db.batch([
    ...referralPageQueries(db, scope, query),
    referralStatusCountsQuery(db, scope),
  ]);
  return { items: rows.map((r) => toReferralDto(r, viewer)), total: totals[0]?.total ?? 0, stats: toStats(byStatus) };
}

/** A page of referrals and the filtered total, without the per-status counts (one round trip). */
export async function listReferralPage(db: Database, scope: ReferralScope, query: ReferralListQuery, viewer?: ReferralViewer) {
  const [rows, totals] = await db.batch(referralPageQueries(db, scope, query));
  return { items: rows.map((r) => toReferralDto(r, viewer)), total: totals[0]?.total ?? 0 };
}

/** One page of the filtered referrals and the filtered total (no per-status counts), unexecuted. */
export function referralPageQueries(db: Database, scope: ReferralScope, query: ReferralListQuery) {
  return [referralPageQuery(db, scope, query), referralCountQuery(db, scope, query)] as const;
}

const referralPageSelect = preparedSelect((db, shape: FilterShape & Pick<ReferralListQuery, "sort" | "dir">) =>
  // A list of the viewer's own (dashboards) carries their unread messages per referral.
  referralWithUnreadQuery(db, shape.scope.by === "id" ? null : viewerIdSql(shape.scope.by))
    .where(filterCondition(shape))
    .orderBy(...referralOrder(shape))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset")),
);

export function referralPageQuery(db: Database, scope: ReferralScope, query: ReferralListQuery) {
  return referralPageSelect(
    db,
    { ...filterShape(scope, query), sort: query.sort ?? "createdAt", dir: query.dir ?? "desc" },
    { ...filterValues(scope, query), limit: query.limit, offset: query.offset },
  );
}

const referralCountSelect = preparedSelect((db, shape: FilterShape) =>
  db.select({ total: count() }).from(referrals).where(filterCondition(shape)),
);

const countersTotalSelect = preparedSelect((db, kind: ScopeKind) =>
  db
    .select({ total: sql<number>`coalesce(sum(${referralCounts.n}), 0)`.mapWith(Number).as("total") })
    .from(referralCounts)
    .where(countsCondition(kind)),
);

const countersStatusSelect = preparedSelect((db, kind: ScopeKind) =>
  db
    .select({ total: sql<number>`coalesce(sum(${referralCounts.n}), 0)`.mapWith(Number).as("total") })
    .from(referralCounts)
    .where(and(countsCondition(kind), eq(referralCounts.status, sql.placeholder("status")))),
);

/**
 * The filtered total; without a filter, read from referral_counts instead of counting the rows.
 * (Screens with the per-status counts skip it unfiltered: see filteredCountQueries.)
 */
export function referralCountQuery(db: Database, scope: ReferralScope, query: Pick<ReferralListQuery, "q" | "status">) {
  if (!query.q && !query.status) return countersTotalSelect(db, scopeKind(scope), scopeValues(scope));
  // A status filter alone: referral_counts has that total too (a million referrals: 250,000 index entries counted otherwise).
  if (!query.q) return countersStatusSelect(db, scopeKind(scope), { ...scopeValues(scope), status: query.status });
  return referralCountSelect(db, filterShape(scope, query), filterValues(scope, query));
}

/**
 * A screen's count statement, only when it filters: without a search or status filter the total is
 * the per-status counts' sum, so the screen's batch goes without it (see listTotal).
 */
export function filteredCountQueries(db: Database, scope: ReferralScope, query: Pick<ReferralListQuery, "q" | "status">) {
  return query.q || query.status ? [referralCountQuery(db, scope, query)] : [];
}

/** The list's total: the filtered count when filteredCountQueries sent one, else the counts' sum. */
export function listTotal(stats: { total: number }, counted: { total: number }[][]): number {
  return counted.length ? (counted[0]?.[0]?.total ?? 0) : stats.total;
}
