import { eq } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { connectors } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { pageFromUrl, referralFilters } from "../../utils/referral-filters";
import type { SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import { ledgerBalancesQuery, toBalances } from "../money/earnings.server";
import { toReferralDto } from "./dto.server";
import { filteredCountQueries, listTotal, referralPageQuery } from "./list.server";
import { perMonthQuery, referralStatusCountsQuery, toPerMonth, toStats } from "./totals.server";

export const CHART_MONTHS = 6;

const profileSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({ id: connectors.id })
    .from(connectors)
    .where(eq(connectors.userId, viewerIdSql(kind))),
);

/**
 * The connector dashboard's statements, one batch: the profile and everything counted over its
 * referrals, the profile's id being a subquery (without a profile it is null and every count is
 * empty). Unfiltered, the total is the per-status counts' sum, so the count statement is sent only
 * with a search or status filter. The viewer may be named by session (session.server sessionWith).
 */
export function connectorDashboardQueries(db: Database, viewer: Viewer, url: URL, now: Date) {
  const filters = referralFilters(url);
  const { limit, offset } = pageFromUrl(url);
  const scope = { connectorOf: viewer };
  return [
    profileSelect(db, viewerKind(viewer), viewerValues(viewer)),
    referralPageQuery(db, scope, { ...filters, limit, offset }),
    referralStatusCountsQuery(db, scope),
    // The earnings card reads the ledger's balances, one row per currency (issue 17, decision 098).
    ledgerBalancesQuery(db, viewer),
    perMonthQuery(db, scope, CHART_MONTHS, now),
    ...filteredCountQueries(db, scope, filters),
  ] as const;
}

/**
 * Everything the connector dashboard (/ and /my-referrals) shows, from connectorDashboardQueries'
 * results: the stats of all the connector's referrals, one page of the filtered list, the ledger's
 * pending, payable and paid per currency, and referrals per month. Without a connector profile there is nothing to count: the
 * screen shows the welcome card instead.
 */
export function toConnectorDashboard(
  user: SessionUser,
  url: URL,
  now: Date,
  [profiles, rows, byStatus, earningRows, monthRows, ...counted]: BatchResponse<ReturnType<typeof connectorDashboardQueries>>,
) {
  const filters = referralFilters(url);
  const { page, limit } = pageFromUrl(url);
  const base = {
    filters: { q: filters.q ?? "", status: filters.status ?? "" },
    page,
    pageSize: limit,
    isBusinessAccount: user.accountType === "business",
  };
  if (!profiles[0]) return { ...base, hasProfile: false as const };
  const stats = toStats(byStatus);
  return {
    ...base,
    hasProfile: true as const,
    // Only the DTOs travel to the browser, never the raw rows (normalised keys and the like).
    referrals: rows.map((r) => ({ ...toReferralDto(r, user), unreadMessages: r.unreadMessages })),
    total: listTotal(stats, counted),
    stats,
    earnings: toBalances(earningRows),
    months: toPerMonth(monthRows, CHART_MONTHS, now),
  };
}

export type ConnectorDashboardData = ReturnType<typeof toConnectorDashboard>;
