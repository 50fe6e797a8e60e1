import { expect, it } from "vitest";
import { aroundMigration } from "../tests/unit-helpers/migrations";

/*
 * Browse's index keyed by the negated business id (decision 084): the businesses there before the
 * migration are found, ascending index order is newest first, and the triggers keep every later
 * insert, update and delete in step under the new key.
 */
it("re-indexes existing businesses under their negated ids and keeps later writes in step", async () => {
  await aroundMigration(
    (file) => file.endsWith("_search_index_newest_first.sql"),
    async (client, migrate) => {
      const business = (id: number, name: string) =>
        `(${id}, ${id}, '${name}', 'UEN${id}', '1 Raffles Place, Singapore', '10%', 'Ten percent.', 'Owner', '+65 6123 4567', 'o${id}@example.com')`;
      const matches = async (query: string) =>
        (
          await client.execute({
            sql: "select rowid from businesses_fts where businesses_fts match ? order by rowid",
            args: [query],
          })
        ).rows.map((r) => r.rowid);
      await client.executeMultiple(`
      INSERT INTO users (id, username, password_hash, name) VALUES (1, 'a', 'x', 'A'), (2, 'b', 'x', 'B'), (3, 'c', 'x', 'C');
      INSERT INTO businesses (id, user_id, company_name, uen, address, referral_fee, referral_terms, contact_person, contact_phone, contact_email)
        VALUES ${business(1, "Acme Legal")}, ${business(2, "Beacon Legal")};
    `);
      await migrate();
      // Newest first in the index's own (ascending) order.
      expect(await matches('"legal"*')).toEqual([-2, -1]);
      await client.executeMultiple(`
      INSERT INTO businesses (id, user_id, company_name, uen, address, referral_fee, referral_terms, contact_person, contact_phone, contact_email)
        VALUES ${business(3, "Cobalt Legal")};
      UPDATE businesses SET company_name = 'Acme Accounting' WHERE id = 1;
      DELETE FROM businesses WHERE id = 2;
    `);
      expect(await matches('"legal"*')).toEqual([-3]);
      expect(await matches('"accounting"*')).toEqual([-1]);
      expect(await matches('"beacon"*')).toEqual([]);
    },
  );
});
