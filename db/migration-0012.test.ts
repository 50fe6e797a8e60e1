import { expect, it } from "vitest";
import { afterMigrating, janeTheConnector, OWNER_AND_ACME } from "../tests/unit-helpers/migrations";

/*
 * Migration 0012 makes the referred person's email and phone nullable without rebuilding
 * `referrals` (a rebuild would drop the totals triggers and, with foreign keys on as D1 keeps them,
 * cascade into every referral's history and notifications). This runs it over a referral made
 * before it, with foreign keys on, and checks nothing around it was lost.
 */
it("0012 keeps existing referrals, their history and notifications, grandfathers consent and freezes today's terms", async () => {
  await afterMigrating(
    (file) => file.startsWith("0012_"),
    `
      ${OWNER_AND_ACME}${janeTheConnector(1)}
      INSERT INTO referrals (id, connector_id, business_id, referred_person_name, referred_person_email, referred_person_phone,
        referred_email_key, referred_phone_key, cashback_basis_points, status)
        VALUES (7, 1, 1, 'Ann Lim', 'Ann@Example.com', '+65 9123 4567', 'ann@example.com', '6591234567', 500, 'approved');
      INSERT INTO referral_status_changes (referral_id, from_status, to_status, created_at) VALUES (7, NULL, 'pending', 1000), (7, 'pending', 'approved', 5000);
      INSERT INTO notifications (user_id, title, referral_id) VALUES (2, 'Approved', 7);
    `,
    async (client) => {
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
    },
  );
});
