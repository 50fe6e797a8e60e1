import { eq, sql } from "drizzle-orm";
import { connectors } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { pageFromUrl, referralFilters } from "../utils/referral-filters";
import type { SessionUser } from "../utils/session.server";
import { earningsQuery, perMonthQuery, referralListQueries, toEarnings, toPerMonth, toReferralList } from "./referrals.server";

export const CHART_MONTHS = 6;

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
  // subquery (without a profile it is null and every count is empty).
  const connectorId = sql`(select ${connectors.id} from ${connectors} where ${connectors.userId} = ${user.id})`;
  const now = new Date();
  const [profiles, rows, totals, byStatus, earningRows, monthRows] = await db.batch([
    db.select({ id: connectors.id }).from(connectors).where(eq(connectors.userId, user.id)),
    ...referralListQueries(db, { connectorId }, { ...filters, limit, offset }),
    earningsQuery(db, connectorId),
    perMonthQuery(db, { connectorId }, CHART_MONTHS, now),
  ]);
  if (!profiles[0]) return { ...base, hasProfile: false as const };
  const list = toReferralList(rows, totals, byStatus);
  const earnings = toEarnings(earningRows);
  const months = toPerMonth(monthRows, CHART_MONTHS, now);
  return {
    ...base,
    hasProfile: true as const,
    // Only the DTOs travel to the browser, never the raw rows (normalised keys and the like).
    referrals: list.items,
    total: list.total,
    stats: list.stats,
    earnings,
    months,
  };
}

export type ConnectorDashboardData = Awaited<ReturnType<typeof connectorDashboard>>;
