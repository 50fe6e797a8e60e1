import { expect, it } from "vitest";
import { aroundMigration } from "../tests/unit-helpers/migrations";

/*
 * row_counts (migration 0023, decision 100) holds how many connectors and businesses there are, so
 * the admin console's platform stats read a row each at a million referrals. Its backfill counts the
 * rows already there; its triggers follow every insert and delete.
 */
it("row_counts starts at the connectors and businesses already there and follows every insert and delete", async () => {
  await aroundMigration(
    (file) => file.startsWith("0023"),
    async (client, migrate) => {
      const counts = async () =>
        Object.fromEntries((await client.execute("select table_name, n from row_counts")).rows.map((r) => [r.table_name, r.n]));
      const counted = async () => ({
        businesses: (await client.execute("select count(*) as n from businesses")).rows[0]?.n,
        connectors: (await client.execute("select count(*) as n from connectors")).rows[0]?.n,
      });
      let users = 0;
      const user = async (accountType: "individual" | "business") => {
        users++;
        await client.execute(
          `insert into users (id, username, name, email, phone, password_hash, account_type) values (${users}, 'u${users}', 'U', 'u${users}@example.com', '+65 9123 4567', 'x', '${accountType}')`,
        );
        return users;
      };
      const connector = async () => {
        const id = await user("individual");
        await client.execute(`insert into connectors (user_id, name) values (${id}, 'U')`);
      };
      const business = async () => {
        const id = await user("business");
        await client.execute(
          `insert into businesses (user_id, company_name, uen, address, referral_fee, referral_terms, contact_person, contact_phone, contact_email)
       values (${id}, 'Co ${id}', '20191234${String(id).padStart(2, "0")}K', '1 Raffles Place', '10%', 'Terms', 'Owner', '+65 6123 4567', 'o@example.com')`,
        );
      };
      await connector();
      await connector();
      await business();
      await migrate();
      expect(await counts()).toEqual({ connectors: 2, businesses: 1 });

      await connector();
      await business();
      await business();
      expect(await counts()).toEqual({ connectors: 3, businesses: 3 });
      await client.execute("delete from connectors where user_id = 1");
      await client.execute("delete from businesses where user_id = 3");
      expect(await counts()).toEqual({ connectors: 2, businesses: 2 });
      expect(await counts()).toEqual(await counted());
    },
    { andLater: true },
  );
});
