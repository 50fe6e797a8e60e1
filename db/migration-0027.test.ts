import { expect, it } from "vitest";
import { afterMigrating, janeTheConnector, OWNER_AND_ACME } from "../tests/unit-helpers/migrations";

/*
 * Migration 0027 (issue 33, decision 122) closes the referrals whose person declined or never
 * answered before the lifecycle did it at once: status rejected with the lifecycle's reason, a
 * history row by no one, the kept totals following; a completed one keeps its outcome.
 */
/** A referral row made before 0027: its status and consent, the rest alike. */
const referral = (id: number, status: string, consent: string) =>
  `(${id}, 1, 1, 'Person ${id}', null, null, 'h:e${id}', 'h:p${id}', 1000, '${status}', '${consent}', '10%', 'Terms', 1000)`;

it("0027 closes declined and lapsed referrals left pending or approved, and keeps completed ones", async () => {
  await afterMigrating(
    (file) => file.startsWith("0027_"),
    `
      ${OWNER_AND_ACME}${janeTheConnector(1)}
      INSERT INTO referrals (id, connector_id, business_id, referred_person_name, referred_person_email, referred_person_phone,
        referred_email_key, referred_phone_key, cashback_basis_points, status, consent_status, terms_referral_fee, terms_referral_terms, terms_captured_at)
        VALUES ${[
          referral(1, "pending", "declined"),
          referral(2, "approved", "expired"),
          referral(3, "completed", "declined"),
          referral(4, "pending", "given"),
          referral(5, "rejected", "declined"),
        ].join(", ")};
    `,
    async (client) => {
      const { rows } = await client.execute("select id, status, rejection_reason from referrals order by id");
      expect(rows.map((r) => ({ ...r }))).toEqual([
        { id: 1, status: "rejected", rejection_reason: "person_declined" },
        { id: 2, status: "rejected", rejection_reason: "no_answer" },
        { id: 3, status: "completed", rejection_reason: null },
        { id: 4, status: "pending", rejection_reason: null },
        { id: 5, status: "rejected", rejection_reason: null },
      ]);
      const history = await client.execute(
        "select referral_id, from_status, to_status, changed_by_user_id from referral_status_changes order by referral_id",
      );
      expect(history.rows.map((r) => ({ ...r }))).toEqual([
        { referral_id: 1, from_status: "pending", to_status: "rejected", changed_by_user_id: null },
        { referral_id: 2, from_status: "approved", to_status: "rejected", changed_by_user_id: null },
      ]);
      // The totals kept by triggers follow: one pending left, three rejected.
      const counted = await client.execute(
        "select status, sum(n) as n from referral_counts where owner_kind = 'business' and owner_id = 1 group by status having sum(n) > 0 order by status",
      );
      expect(counted.rows.map((r) => ({ ...r }))).toEqual([
        { status: "completed", n: 1 },
        { status: "pending", n: 1 },
        { status: "rejected", n: 3 },
      ]);
    },
  );
});
