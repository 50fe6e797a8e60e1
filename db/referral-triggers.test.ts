import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { expect, it } from "vitest";

const MIGRATIONS = fileURLToPath(new URL("../migrations", import.meta.url));

/*
 * The referral totals (referral_counts, referral_months; decision 036) are kept by triggers that
 * migration 0005 writes by hand. drizzle-kit does not know triggers: a generated migration that
 * rebuilds `referrals` (CREATE TABLE `__new_referrals`, copy, DROP, RENAME) drops them without a word,
 * and every dashboard total stops moving. This applies every migration file in order, as
 * `wrangler d1 migrations apply` does, and lists the triggers that remain.
 */
it("keeps the four referral-totals triggers on referrals after every migration (a rebuild of referrals must recreate them)", async () => {
  const client = createClient({ url: ":memory:" });
  try {
    const files = readdirSync(MIGRATIONS)
      .filter((file) => file.endsWith(".sql"))
      .sort();
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) await client.executeMultiple(readFileSync(`${MIGRATIONS}/${file}`, "utf8"));

    const { rows } = await client.execute("select name, tbl_name from sqlite_master where type = 'trigger' order by name");
    expect(rows.map(({ name, tbl_name }) => ({ name, table: tbl_name }))).toEqual([
      { name: "referrals_counts_delete", table: "referrals" },
      { name: "referrals_counts_insert", table: "referrals" },
      { name: "referrals_counts_update", table: "referrals" },
      { name: "referrals_months_update", table: "referrals" },
    ]);
  } finally {
    client.close();
  }
});
