import { createClient } from "@libsql/client";
import { expect, it } from "vitest";
import { migrationFiles, runMigrationFiles } from "../tests/unit-helpers/migrations";

/*
 * The Standard Webhooks migration (issue 19, decision 077) marks the endpoints that exist when it
 * runs legacy, so their receivers keep getting the signatures they check; endpoints made after it
 * get the column's default, standard.
 */
it("keeps existing endpoints on legacy signatures and makes new ones standard", async () => {
  const client = createClient({ url: ":memory:" });
  try {
    await client.execute("PRAGMA foreign_keys = ON");
    const files = migrationFiles();
    const at = files.findIndex((file) => file.endsWith("_standard_webhooks.sql"));
    expect(at).toBeGreaterThan(0);
    await runMigrationFiles(client, files.slice(0, at));
    await client.executeMultiple(`
      INSERT INTO users (id, username, password_hash, name) VALUES (1, 'owner', 'x', 'Owner');
      INSERT INTO businesses (id, user_id, company_name, uen, address, referral_fee, referral_terms, contact_person, contact_phone, contact_email)
        VALUES (1, 1, 'Acme', '201912345K', '1 Raffles Place, Singapore', '10%', 'Ten percent of the first invoice.', 'Owner', '+65 6123 4567', 'o@acme.example');
      INSERT INTO webhook_endpoints (id, business_id, url, events, secret) VALUES (5, 1, 'https://crm.example.com/a', '["referral.created"]', 'whsec_old-secret_x');
    `);
    await runMigrationFiles(client, files.slice(at, at + 1));
    await client.execute(
      "INSERT INTO webhook_endpoints (id, business_id, url, events, secret) VALUES (6, 1, 'https://crm.example.com/b', '[]', 'whsec_new')",
    );
    const { rows } = await client.execute("select id, secret, signature_scheme from webhook_endpoints order by id");
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { id: 5, secret: "whsec_old-secret_x", signature_scheme: "legacy" },
      { id: 6, secret: "whsec_new", signature_scheme: "standard" },
    ]);
  } finally {
    client.close();
  }
});
