import { createClient } from "@libsql/client";
import { expect, it } from "vitest";
import { migrationFiles, runMigrationFiles } from "../tests/unit-helpers/migrations";

/*
 * The referral totals (referral_counts, referral_months; decision 036) are kept by triggers that
 * migration 0005 writes by hand. drizzle-kit does not know triggers: a generated migration that
 * rebuilds `referrals` (CREATE TABLE `__new_referrals`, copy, DROP, RENAME) drops them without a word,
 * and every dashboard total stops moving. This applies every migration file in order, as
 * `wrangler d1 migrations apply` does, and lists the triggers that remain.
 */
it("keeps the four referral-totals triggers on referrals, the three ledger guards, the four ledger balances', the search index's, the activity total's, the row counts' and the link codes' after every migration (a rebuild must recreate them)", async () => {
  const client = createClient({ url: ":memory:" });
  try {
    const files = migrationFiles();
    expect(files.length).toBeGreaterThan(5);
    await runMigrationFiles(client, files);

    const { rows } = await client.execute("select name, tbl_name from sqlite_master where type = 'trigger' order by name");
    expect(rows.map(({ name, tbl_name }) => ({ name, table: tbl_name }))).toEqual([
      // The activity total (migration 0017, decision 075).
      { name: "activity_logs_count_delete", table: "activity_logs" },
      { name: "activity_logs_count_insert", table: "activity_logs" },
      // The business search index (migration 0016, decision 073).
      { name: "businesses_fts_delete", table: "businesses" },
      { name: "businesses_fts_insert", table: "businesses" },
      { name: "businesses_fts_update", table: "businesses" },
      // The platform's connector and business totals (migration 0023, decision 100).
      { name: "businesses_row_count_delete", table: "businesses" },
      { name: "businesses_row_count_insert", table: "businesses" },
      // The money ledger's rules (migration 0013, decision 063) and its balances (migration 0022, decision 098).
      { name: "commission_entries_balances_insert", table: "commission_entries" },
      { name: "commission_entries_no_delete", table: "commission_entries" },
      { name: "commission_entries_no_update", table: "commission_entries" },
      { name: "commissions_balances_delete", table: "commissions" },
      { name: "commissions_balances_insert", table: "commissions" },
      { name: "commissions_balances_update", table: "commissions" },
      { name: "commissions_paid_guard", table: "commissions" },
      // A paid commission moves back only when its payout is voided (migration 0033, decision 187).
      { name: "commissions_paid_is_final", table: "commissions" },
      // Every connector's personal-link code (migration 0030, decision 179).
      { name: "connectors_link_code_fill", table: "connectors" },
      { name: "connectors_row_count_delete", table: "connectors" },
      { name: "connectors_row_count_insert", table: "connectors" },
      { name: "referrals_counts_delete", table: "referrals" },
      { name: "referrals_counts_insert", table: "referrals" },
      { name: "referrals_counts_update", table: "referrals" },
      { name: "referrals_months_update", table: "referrals" },
    ]);
  } finally {
    client.close();
  }
});
