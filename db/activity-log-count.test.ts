import { expect, it } from "vitest";
import { aroundMigration } from "../tests/unit-helpers/migrations";

/*
 * activity_log_count (migration 0017, decision 075) holds how many activity_logs rows there are, so
 * the admin console's Platform Activity total reads one row at a million referrals. Its backfill
 * counts the rows already there; its triggers follow every insert and delete.
 */
it("activity_log_count starts at the rows already logged and follows every insert and delete", async () => {
  await aroundMigration(
    (file) => file.startsWith("0017"),
    async (client, migrate) => {
      const total = async () => (await client.execute("select n from activity_log_count where id = 1")).rows[0]?.n;
      const log = (n: number) =>
        client.execute(
          `with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${n})
       insert into activity_logs (action, details, activity_type, created_at) select 'Test', 'Entry ' || i, 'test', i from seq`,
        );
      // Rows logged before the migration are counted by its backfill.
      await log(3);
      await migrate();
      expect(await total()).toBe(3);

      await log(5);
      expect(await total()).toBe(8);
      // Entries 1 and 2 were logged twice (before and after the migration): four rows go.
      await client.execute("delete from activity_logs where details in ('Entry 1', 'Entry 2')");
      expect(await total()).toBe(4);
      const counted = (await client.execute("select count(*) as n from activity_logs")).rows[0]?.n;
      expect(await total()).toBe(counted);
    },
    { andLater: true },
  );
});
