import type { Database } from "../utils/db.server";
import { pageFromUrl, referralFilters } from "../utils/referral-filters";
import type { SessionUser } from "../utils/session.server";
import { toWorkplace, workplaceQuery } from "./access.server";
import {
  filteredCountQueries,
  listTotal,
  referralPageQuery,
  referralStatusCountsQuery,
  topReferrersQuery,
  toReferralDto,
  toStats,
  toTopReferrers,
} from "./referrals.server";

/**
 * Everything the business dashboard (/business/referrals) shows, in one round trip: the workplace
 * and the user's seat in it, one page of the filtered referrals, the per-status counts and the top
 * referrers (and, with a filter, the filtered total), the business id being a subquery (without a workplace every list is empty).
 */
export async function businessDashboard(db: Database, user: SessionUser, url: URL) {
  const filters = referralFilters(url);
  const { page, limit, offset } = pageFromUrl(url);
  const scope = { workplaceOfUser: user.id };
  const [seats, rows, byStatus, topRows, ...counted] = await db.batch([
    workplaceQuery(db, user.id),
    referralPageQuery(db, scope, { ...filters, limit, offset }),
    referralStatusCountsQuery(db, scope),
    topReferrersQuery(db, scope),
    ...filteredCountQueries(db, scope, filters),
  ]);
  const workplace = toWorkplace(seats, user.id);
  if (!workplace) return { business: null };
  const stats = toStats(byStatus);
  return {
    business: { id: workplace.business.id, companyName: workplace.business.companyName, role: workplace.role },
    referrals: rows.map(toReferralDto),
    total: listTotal(stats, counted),
    stats,
    top: toTopReferrers(topRows),
    filters,
    page,
  };
}
