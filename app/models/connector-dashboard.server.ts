import type { Database } from "../utils/db.server";
import { pageFromUrl, referralFilters } from "../utils/referral-filters";
import type { SessionUser } from "../utils/session.server";
import { getConnectorByUserId } from "./connectors.server";
import { earningsByCurrency, listReferrals, referralsPerMonth } from "./referrals.server";

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
  const connector = await getConnectorByUserId(db, user.id);
  if (!connector) return { ...base, hasProfile: false as const };
  const [list, earnings, months] = await Promise.all([
    listReferrals(db, { connectorId: connector.id }, { ...filters, limit, offset }),
    earningsByCurrency(db, connector.id),
    referralsPerMonth(db, { connectorId: connector.id }, CHART_MONTHS),
  ]);
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
