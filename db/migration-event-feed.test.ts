import { createClient } from "@libsql/client";
import { expect, it } from "vitest";
import { migrationFiles, runMigrationFiles } from "../tests/unit-helpers/migrations";

/*
 * The event feed's migration (issue 19, decision 078): events stored before it keep their insertion
 * order as `seq` and name the connector they concern where one still exists; team events name none.
 */
it("orders existing events as inserted and fills in their connector", async () => {
  const client = createClient({ url: ":memory:" });
  try {
    await client.execute("PRAGMA foreign_keys = ON");
    const files = migrationFiles();
    const at = files.findIndex((file) => file.endsWith("_event_feed.sql"));
    expect(at).toBeGreaterThan(0);
    await runMigrationFiles(client, files.slice(0, at));
    await client.executeMultiple(`
      INSERT INTO users (id, username, password_hash, name) VALUES (1, 'owner', 'x', 'Owner'), (2, 'jane', 'x', 'Jane');
      INSERT INTO businesses (id, user_id, company_name, uen, address, referral_fee, referral_terms, contact_person, contact_phone, contact_email)
        VALUES (1, 1, 'Acme', '201912345K', '1 Raffles Place, Singapore', '10%', 'Ten percent of the first invoice.', 'Owner', '+65 6123 4567', 'o@acme.example');
      INSERT INTO connectors (id, user_id, name) VALUES (7, 2, 'Jane');
      INSERT INTO webhook_events (id, business_id, type, payload, created_at) VALUES
        ('evt_b', 1, 'referral.created', '{"data":{"connectorId":7}}', 2000),
        ('evt_a', 1, 'team_member.added', '{"data":{"id":3}}', 1000),
        ('evt_c', 1, 'payout.recorded', '{"data":{"connectorId":99}}', 3000);
    `);
    await runMigrationFiles(client, files.slice(at, at + 1));
    const { rows } = await client.execute("select id, seq, connector_id from webhook_events order by seq");
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { id: "evt_b", seq: 1, connector_id: 7 },
      { id: "evt_a", seq: 2, connector_id: null },
      // A connector that no longer exists is not named (the foreign key holds).
      { id: "evt_c", seq: 3, connector_id: null },
    ]);
    await client.execute("DELETE FROM connectors WHERE id = 7");
    expect((await client.execute("select connector_id from webhook_events where id = 'evt_b'")).rows[0]?.connector_id).toBeNull();
  } finally {
    client.close();
  }
});
