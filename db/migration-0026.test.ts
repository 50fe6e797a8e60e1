import { expect, it } from "vitest";
import { feeColumnsOf, formatReferralFee, parseReferralFee } from "../app/utils/referral-fee";
import { aroundMigration } from "../tests/unit-helpers/migrations";

/** Free-text fees as businesses typed them before issue 33: those that read as one fee, and those that do not. */
const FEES: [text: string, derived: string | null][] = [
  ["10%", "10%"],
  ["12.5 %", "12.5%"],
  [" 7.5% ", "7.5%"],
  ["100%", "100%"],
  ["0.5%", "0.5%"],
  ["$500", "$500"],
  ["$ 1,250.50", "$1,250.50"],
  ["US$500", "$500"],
  ["USD 500", "$500"],
  ["S$500", "SGD 500"],
  ["SGD 1,000", "SGD 1,000"],
  ["sgd1000.5", "SGD 1,000.50"],
  ["500 EUR", "EUR 500"],
  ["JPY 10,000", "JPY 10,000"],
  ["1,000,000 IDR", "IDR 1,000,000"],
  // Not one fee: the owner is asked to state it.
  ["12.25%", null],
  ["0%", null],
  ["150%", null],
  ["5-10%", null],
  ["10% of the first invoice", null],
  ["Negotiable", null],
  ["$0", null],
  ["$1,0000", null],
  ["$0,500", null],
  ["$12.345", null],
  ["JPY 100.5", null],
  ["XYZ 500", null],
  ["£500", null],
  ["$2,000,000,000", null],
  ["500", null],
];

it("0026 reads the free-text fees exactly as parseReferralFee does, derives their display string, and freezes them on open referrals", async () => {
  await aroundMigration(
    (file) => file.startsWith("0026_"),
    async (client, migrate) => {
      for (const [i, [fee]] of FEES.entries()) {
        await client.execute({
          sql: "INSERT INTO users (id, username, password_hash, name) VALUES (?, ?, 'x', 'Owner')",
          args: [i + 1, `owner${i}`],
        });
        await client.execute({
          sql: `INSERT INTO businesses (id, user_id, company_name, uen, address, referral_fee, referral_terms, contact_person, contact_phone, contact_email)
              VALUES (?, ?, 'Acme', ?, '1 Raffles Place, Singapore', ?, 'Paid within 30 days of the first invoice.', 'Owner', '+65 6123 4567', 'o@acme.example')`,
          args: [i + 1, i + 1, `2019123${String(i).padStart(2, "0")}K`, fee],
        });
      }
      // Jane's referrals to PixelForge-like "12.5 %" (business 2): pending at 100%, approved at 12.5%,
      // completed at 100% (keeps its free-text terms), and one whose frozen text differs from today's.
      await client.executeMultiple(`
      INSERT INTO users (id, username, password_hash, name) VALUES (100, 'jane', 'x', 'Jane');
      INSERT INTO connectors (id, user_id, name) VALUES (1, 100, 'Jane');
      INSERT INTO referrals (id, connector_id, business_id, referred_person_name, referred_email_key, referred_phone_key,
        cashback_basis_points, status, terms_referral_fee, terms_referral_terms, terms_captured_at) VALUES
        (1, 1, 2, 'Ann', 'a@x.example', '1', 10000, 'pending', '12.5 %', 't', 1),
        (2, 1, 2, 'Ben', 'b@x.example', '2', 1250, 'approved', '12.5 %', 't', 1),
        (3, 1, 2, 'Cai', 'c@x.example', '3', 10000, 'completed', '12.5 %', 't', 1),
        (4, 1, 2, 'Dee', 'd@x.example', '4', 10000, 'pending', '15%', 't', 1),
        (5, 1, 6, 'Eve', 'e@x.example', '5', 500, 'pending', '$500', 't', 1),
        (6, 1, 21, 'Fay', 'f@x.example', '6', 500, 'pending', 'Negotiable', 't', 1);
    `);
      await migrate();

      const { rows } = await client.execute(
        "select id, referral_fee, fee_kind, fee_basis_points, fee_amount_minor, fee_currency from businesses order by id",
      );
      const stored = rows.map((r) => ({
        referralFee: r.referral_fee,
        kind: r.fee_kind,
        basisPoints: r.fee_basis_points,
        amountMinor: r.fee_amount_minor,
        currency: r.fee_currency,
      }));
      const expected = FEES.map(([fee, derived]) => {
        const terms = parseReferralFee(fee);
        // The test's own table and the TypeScript reading agree, and the SQL agrees with both.
        expect(terms === null ? null : formatReferralFee(terms), fee).toBe(derived);
        return { referralFee: derived ?? fee, ...feeColumnsOf(terms) };
      });
      expect(stored).toEqual(expected);

      const referrals = await client.execute(
        "select id, terms_referral_fee, terms_fee_kind, terms_fee_basis_points, terms_fee_amount_minor, terms_fee_currency, cashback_proposal from referrals order by id",
      );
      expect(referrals.rows.map((r) => ({ ...r }))).toEqual([
        frozen(1, "12.5 %", "percentage", 1250, null, null, "proposed"),
        frozen(2, "12.5 %", "percentage", 1250, null, null, null),
        frozen(3, "12.5 %", null, null, null, null, null),
        frozen(4, "15%", null, null, null, null, null),
        frozen(5, "$500", "flat", null, 50000, "USD", null),
        frozen(6, "Negotiable", null, null, null, null, null),
      ]);
    },
  );
});

function frozen(
  id: number,
  text: string,
  kind: string | null,
  basisPoints: number | null,
  amountMinor: number | null,
  currency: string | null,
  proposal: string | null,
) {
  return {
    id,
    terms_referral_fee: text,
    terms_fee_kind: kind,
    terms_fee_basis_points: basisPoints,
    terms_fee_amount_minor: amountMinor,
    terms_fee_currency: currency,
    cashback_proposal: proposal,
  };
}
