import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { expect, it } from "vitest";

const MIGRATIONS = fileURLToPath(new URL("../migrations", import.meta.url));

/*
 * Migration 0012 makes the referred person's email and phone nullable without rebuilding
 * `referrals` (a rebuild would drop the totals triggers and, with foreign keys on as D1 keeps them,
 * cascade into every referral's history and notifications). This runs it over a referral made
 * before it, with foreign keys on, and checks nothing around it was lost.
 */
it("0012 keeps existing referrals, their history and notifications, grandfathers consent and freezes today's terms", async () => {
  const client = createClient({ url: ":memory:" });
  try {
    await client.execute("PRAGMA foreign_keys = ON");
    const files = readdirSync(MIGRATIONS)
      .filter((file) => file.endsWith(".sql"))
      .sort();
    const at = files.findIndex((file) => file.startsWith("0012_"));
    expect(at).toBeGreaterThan(0);
    for (const file of files.slice(0, at)) await client.executeMultiple(readFileSync(`${MIGRATIONS}/${file}`, "utf8"));

    await client.executeMultiple(`
      INSERT INTO users (id, username, password_hash, name) VALUES (1, 'owner', 'x', 'Owner'), (2, 'jane', 'x', 'Jane');
      INSERT INTO businesses (id, user_id, company_name, uen, address, referral_fee, referral_terms, contact_person, contact_phone, contact_email)
        VALUES (1, 1, 'Acme', '201912345K', '1 Raffles Place, Singapore', '10%', 'Ten percent of the first invoice.', 'Owner', '+65 6123 4567', 'o@acme.example');
      INSERT INTO connectors (id, user_id, name) VALUES (1, 2, 'Jane');
      INSERT INTO referrals (id, connector_id, business_id, referred_person_name, referred_person_email, referred_person_phone,
        referred_email_key, referred_phone_key, cashback_basis_points, status)
        VALUES (7, 1, 1, 'Ann Lim', 'Ann@Example.com', '+65 9123 4567', 'ann@example.com', '6591234567', 500, 'approved');
      INSERT INTO referral_status_changes (referral_id, from_status, to_status, created_at) VALUES (7, NULL, 'pending', 1000), (7, 'pending', 'approved', 5000);
      INSERT INTO notifications (user_id, title, referral_id) VALUES (2, 'Approved', 7);
    `);
    await client.executeMultiple(readFileSync(`${MIGRATIONS}/${files[at]}`, "utf8"));

    const { rows } = await client.execute("select * from referrals");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 7,
      referred_person_email: "Ann@Example.com",
      referred_person_phone: "+65 9123 4567",
      referred_email_key: "ann@example.com",
      status: "approved",
      consent_status: "given",
      terms_referral_fee: "10%",
      terms_referral_terms: "Ten percent of the first invoice.",
      first_decided_at: 5000,
      rejection_reason: null,
      review_due_at: null,
    });
    expect(Number(rows[0]?.terms_captured_at)).toBeGreaterThan(0);
    expect((await client.execute("select count(*) as n from referral_status_changes")).rows[0]?.n).toBe(2);
    expect((await client.execute("select count(*) as n from notifications")).rows[0]?.n).toBe(1);
    // The totals kept by triggers still count it (the triggers were not dropped with a rebuild).
    const counted = await client.execute(
      "select sum(n) as n from referral_counts where owner_kind = 'business' and owner_id = 1",
    );
    expect(counted.rows[0]?.n).toBe(1);
    // The contact columns now take null (erasure), the rest of the row's constraints stay.
    await client.execute("update referrals set referred_person_email = null, referred_person_phone = null where id = 7");
    expect((await client.execute("select response_window_days from businesses")).rows[0]?.response_window_days).toBe(5);
  } finally {
    client.close();
  }
});
