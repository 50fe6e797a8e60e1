import { eq, sql } from "drizzle-orm";
import { connectors } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { preparedSelect } from "../utils/prepared-select.server";
import { pageFromUrl, referralFilters } from "../utils/referral-filters";
import type { SessionUser } from "../utils/session.server";
import {
  filteredCountQueries,
  listTotal,
  perMonthQuery,
  referralEarningsQuery,
  referralPageQuery,
  referralStatusCountsQuery,
  toEarnings,
  toPerMonth,
  toReferralDto,
  toStats,
} from "./referrals.server";

export const CHART_MONTHS = 6;

const profileSelect = preparedSelect((db) =>
  db
    .select({ id: connectors.id })
    .from(connectors)
    .where(eq(connectors.userId, sql.placeholder("userId"))),
);

/**
 * Everything the connector dashboard (/ and /my-referrals) shows: the stats of all the connector's
 * referrals, one page of the filtered list, earnings per currency and referrals per month. Without a
 * connector profile there is nothing to count: the screen shows the welcome card instead.
 */
export async function connectorDashboard(db: Database, user: SessionUser, url: URL) {
  const filters = referralFilters(url);
  const { page, limit, offset } = pageFromUrl(url);
  const base = {
    filters: { q: filters.q ?? "", status: filters.status ?? "" },
    page,
    pageSize: limit,
    isBusinessAccount: user.accountType === "business",
  };
  // One round trip: the profile and everything counted over its referrals, the profile's id being a
  // subquery (connectorOfUser: without a profile it is null and every count is empty). Unfiltered, the total is the
  // per-status counts' sum, so the count statement is sent only with a search or status filter.
  const scope = { connectorOfUser: user.id };
  const now = new Date();
  const [profiles, rows, byStatus, earningRows, monthRows, ...counted] = await db.batch([
    profileSelect(db, null, { userId: user.id }),
    referralPageQuery(db, scope, { ...filters, limit, offset }),
    referralStatusCountsQuery(db, scope),
    referralEarningsQuery(db, scope),
    perMonthQuery(db, scope, CHART_MONTHS, now),
    ...filteredCountQueries(db, scope, filters),
  ]);
  if (!profiles[0]) return { ...base, hasProfile: false as const };
  const stats = toStats(byStatus);
  return {
    ...base,
    hasProfile: true as const,
    // Only the DTOs travel to the browser, never the raw rows (normalised keys and the like).
    referrals: rows.map(toReferralDto),
    total: listTotal(stats, counted),
    stats,
    earnings: toEarnings(earningRows),
    months: toPerMonth(monthRows, CHART_MONTHS, now),
  };
}

export type ConnectorDashboardData = Awaited<ReturnType<typeof connectorDashboard>>;
