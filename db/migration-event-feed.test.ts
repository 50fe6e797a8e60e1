import { expect, it } from "vitest";
import { afterMigrating, janeTheConnector, OWNER_AND_ACME } from "../tests/unit-helpers/migrations";

/*
 * The event feed's migration (issue 19, decision 078): events stored before it keep their insertion
 * order as `seq` and name the connector they concern where one still exists; team events name none.
 */
it("orders existing events as inserted and fills in their connector", async () => {
  await afterMigrating(
    (file) => file.endsWith("_event_feed.sql"),
    `
      ${OWNER_AND_ACME}${janeTheConnector(7)}
      INSERT INTO webhook_events (id, business_id, type, payload, created_at) VALUES
        ('evt_b', 1, 'referral.created', '{"data":{"connectorId":7}}', 2000),
        ('evt_a', 1, 'team_member.added', '{"data":{"id":3}}', 1000),
        ('evt_c', 1, 'payout.recorded', '{"data":{"connectorId":99}}', 3000);
    `,
    async (client) => {
      const { rows } = await client.execute("select id, seq, connector_id from webhook_events order by seq");
      expect(rows.map((r) => ({ ...r }))).toEqual([
        { id: "evt_b", seq: 1, connector_id: 7 },
        { id: "evt_a", seq: 2, connector_id: null },
        // A connector that no longer exists is not named (the foreign key holds).
        { id: "evt_c", seq: 3, connector_id: null },
      ]);
      await client.execute("DELETE FROM connectors WHERE id = 7");
      expect(
        (await client.execute("select connector_id from webhook_events where id = 'evt_b'")).rows[0]?.connector_id,
      ).toBeNull();
    },
  );
});
