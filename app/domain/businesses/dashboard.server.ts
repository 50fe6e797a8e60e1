import type { BatchResponse } from "drizzle-orm/batch";
import type { Database } from "../../utils/db.server";
import { pageFromUrl, referralFilters } from "../../utils/referral-filters";
import type { SessionUser } from "../../utils/session.server";
import type { Viewer } from "../../utils/viewer.server";
import { toWorkplace, workplaceQuery } from "../parties/access.server";
import { toConnectorReputation } from "../parties/reputation-view.server";
import { toReferralDto } from "../referrals/dto.server";
import { filteredCountQueries, listTotal, referralPageQuery } from "../referrals/list.server";
import { referralStatusCountsQuery, topReferrersQuery, toStats, toTopReferrers } from "../referrals/totals.server";

/**
 * The business dashboard's statements, one batch: the workplace and the viewer's seat in it, one
 * page of the filtered referrals, the per-status counts and the top referrers (and, with a filter,
 * the filtered total), the business id being a subquery (without a workplace every list is empty).
 * The viewer may be named by session (session.server sessionWith).
 */
export function businessDashboardQueries(db: Database, viewer: Viewer, url: URL) {
  const filters = referralFilters(url);
  const { limit, offset } = pageFromUrl(url);
  const scope = { workplaceOf: viewer };
  return [
    workplaceQuery(db, viewer),
    referralPageQuery(db, scope, { ...filters, limit, offset }),
    referralStatusCountsQuery(db, scope),
    topReferrersQuery(db, scope),
    ...filteredCountQueries(db, scope, filters),
  ] as const;
}

/** Everything the business dashboard (/business/referrals) shows, from businessDashboardQueries' results. */
export function toBusinessDashboard(
  user: SessionUser,
  url: URL,
  [seats, rows, byStatus, topRows, ...counted]: BatchResponse<ReturnType<typeof businessDashboardQueries>>,
) {
  const filters = referralFilters(url);
  const { page } = pageFromUrl(url);
  const workplace = toWorkplace(seats, user.id);
  if (!workplace) return { business: null };
  const stats = toStats(byStatus);
  return {
    business: { id: workplace.business.id, companyName: workplace.business.companyName, role: workplace.role },
    // Each referral with its connector's figures (decision 061), read in the same statement.
    referrals: rows.map((r) => ({
      ...toReferralDto(r, user),
      connectorReputation: toConnectorReputation(r),
      unreadMessages: r.unreadMessages,
    })),
    total: listTotal(stats, counted),
    stats,
    top: toTopReferrers(topRows),
    filters,
    page,
  };
}
