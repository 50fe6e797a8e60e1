import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import { connectors, type ReferralStatus, referralCounts, referralMonths, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { fromHundredths } from "../../utils/money";
import { preparedSelect } from "../../utils/prepared-select.server";
import {
  countsCondition,
  type ReferralScope,
  type ScopeKind,
  scopeCondition,
  scopeKind,
  scopeOwnerId,
  scopeValues,
} from "./scope.server";

const statusCountsSelect = preparedSelect((db, kind: ScopeKind) =>
  db
    .select({ status: referralCounts.status, n: sql<number>`sum(${referralCounts.n})`.mapWith(Number).as("status_n") })
    .from(referralCounts)
    .where(countsCondition(kind))
    .groupBy(referralCounts.status),
);

/** How many referrals of the scope there are per status (a few rows of referral_counts). */
export function referralStatusCountsQuery(db: Database, scope: ReferralScope) {
  return statusCountsSelect(db, scopeKind(scope), scopeValues(scope));
}

export function toStats(rows: { status: ReferralStatus; n: number }[]) {
  const stats = { total: 0, pending: 0, approved: 0, completed: 0, rejected: 0 };
  for (const r of rows) {
    stats[r.status] += r.n;
    stats.total += r.n;
  }
  return stats;
}

/** The UTC start of each of the last `months` calendar months, oldest first. */
function monthStarts(months: number, now: Date): number[] {
  return Array.from({ length: months }, (_, i) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1) + i, 1));
}

const monthKey = (start: number) => new Date(start).toISOString().slice(0, 7);

/**
 * A connector's referrals per calendar month (UTC) from the first of `months` months on, read from
 * referral_months (kept by triggers, decision 036): a few rows whatever the number of referrals.
 */
const perMonthSelect = preparedSelect((db, kind: ScopeKind) => {
  if (kind.owner !== "connector") throw new Error(`Months are kept per connector, not per ${kind.owner}`);
  return db
    .select({ month: referralMonths.month, n: referralMonths.n })
    .from(referralMonths)
    .where(
      and(sql`${referralMonths.connectorId} = ${scopeOwnerId(kind)}`, gte(referralMonths.month, sql.placeholder("firstMonth"))),
    );
});

export function perMonthQuery(db: Database, scope: ReferralScope, months = 6, now = new Date()) {
  const [first = 0] = monthStarts(months, now);
  return perMonthSelect(db, scopeKind(scope), { ...scopeValues(scope), firstMonth: monthKey(first) });
}

/** perMonthQuery's rows as `{ month: "YYYY-MM", count }`, oldest first, zero-filled (later months count in the last). */
export function toPerMonth(rows: { month: string; n: number }[], months = 6, now = new Date()) {
  const keys = monthStarts(months, now).map(monthKey);
  const counts = new Map<string, number>();
  const last = keys[keys.length - 1] ?? "";
  for (const row of rows) {
    const key = row.month > last ? last : row.month;
    counts.set(key, (counts.get(key) ?? 0) + row.n);
  }
  return keys.map((month) => ({ month, count: counts.get(month) ?? 0 }));
}

const topReferrersSelect = preparedSelect((db, kind: ScopeKind) =>
  db
    .select({
      connectorId: referrals.connectorId,
      connectorName: connectors.name,
      currency: referrals.revenueCurrency,
      revenue: sql<number>`coalesce(sum(${referrals.revenueReceived}), 0)`,
      fees: sql<number>`coalesce(sum(${referrals.feeAmount}), 0)`,
      referralCount: count(),
    })
    .from(referrals)
    .innerJoin(connectors, eq(connectors.id, referrals.connectorId))
    .where(and(scopeCondition(kind), eq(referrals.status, sql.placeholder("completed"))))
    .groupBy(referrals.connectorId, referrals.revenueCurrency)
    .orderBy(desc(sql`sum(${referrals.revenueReceived})`), referrals.connectorId)
    .limit(sql.placeholder("limit")),
);

/**
 * Top performing referrers of a business: up to 5 (connector, currency) pairs ranked by completed
 * revenue. Sums never mix currencies: a connector with revenue in two currencies appears per currency.
 * Unexecuted, for a caller's batch; scope: businessId or workplaceOf.
 */
export function topReferrersQuery(db: Database, scope: ReferralScope, limit = 5) {
  return topReferrersSelect(db, scopeKind(scope), { ...scopeValues(scope), completed: "completed", limit });
}

export function toTopReferrers(rows: Awaited<ReturnType<typeof topReferrersQuery>>) {
  return rows.map((r) => ({ ...r, revenue: fromHundredths(r.revenue), fees: fromHundredths(r.fees) }));
}
