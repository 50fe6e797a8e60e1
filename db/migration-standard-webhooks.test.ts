import { expect, it } from "vitest";
import { afterMigrating, OWNER_AND_ACME } from "../tests/unit-helpers/migrations";

/*
 * The Standard Webhooks migration (issue 19, decision 077) marks the endpoints that exist when it
 * runs legacy, so their receivers keep getting the signatures they check; endpoints made after it
 * get the column's default, standard.
 */
it("keeps existing endpoints on legacy signatures and makes new ones standard", async () => {
  await afterMigrating(
    (file) => file.endsWith("_standard_webhooks.sql"),
    `
      ${OWNER_AND_ACME}
      INSERT INTO webhook_endpoints (id, business_id, url, events, secret) VALUES (5, 1, 'https://crm.example.com/a', '["referral.created"]', 'whsec_old-secret_x');
    `,
    async (client) => {
      await client.execute(
        "INSERT INTO webhook_endpoints (id, business_id, url, events, secret) VALUES (6, 1, 'https://crm.example.com/b', '[]', 'whsec_new')",
      );
      const { rows } = await client.execute("select id, secret, signature_scheme from webhook_endpoints order by id");
      expect(rows.map((r) => ({ ...r }))).toEqual([
        { id: 5, secret: "whsec_old-secret_x", signature_scheme: "legacy" },
        { id: 6, secret: "whsec_new", signature_scheme: "standard" },
      ]);
    },
  );
});
