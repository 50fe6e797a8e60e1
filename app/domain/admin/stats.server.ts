import { sql } from "drizzle-orm";
import type { Database } from "../../utils/db.server";
import { type AdminActor, requireAdmin } from "../parties/acting-admin.server";

// How the admin stats are counted (SPEC "Admin stats", decision 100): one statement over the counts the
// triggers keep.

/** SPEC "Admin stats": one statement. Active connectors are those whose account is not suspended. */
/** The platform's totals in one statement (unexecuted, for a caller's batch); referrals from referral_counts. */
export function platformStatsQuery(db: Database) {
  return db.all<PlatformStatsRow>(sql`
    select
      (select coalesce(sum(n), 0) from referral_counts where owner_kind = 'platform') as totalReferrals,
      -- All connectors but the suspended ones: the totals are kept by triggers (row_counts, decision
      -- 100), and users_suspended_idx finds the suspended without reading every user.
      coalesce((select n from row_counts where table_name = 'connectors'), 0)
        - (select count(*) from connectors c join users u on u.id = c.user_id where u.suspended_at is not null) as totalConnectors,
      coalesce((select n from row_counts where table_name = 'businesses'), 0) as totalBusinesses,
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

/** The platform's totals for the acting admin (decision 147). */
export async function platformStats(db: Database, actor: AdminActor) {
  requireAdmin(actor);
  return toPlatformStats(await platformStatsQuery(db));
}
