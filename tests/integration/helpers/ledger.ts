import { expect } from "vitest";
import { appPerFile, madeInBeforeAll, type TestApp } from "./app";
import { answerIntro } from "./introductions";
import { refer } from "./marketplace";
import { newBusiness, newConnector } from "./parties";

export type CommissionRow = {
  id: number;
  referral_id: number;
  kind: string;
  status: string;
  currency: string;
  amount_minor: number;
  revenue_minor: number | null;
  hold_days: number;
  payable_at: number;
  created_at: number;
  superseded_at: number | null;
  reversal_reason: string | null;
  adjusts_commission_id: number | null;
};
export type EntryRow = { commission_id: number; type: string; amount_minor: number; currency: string };

/**
 * The app of one commission-ledger.*.test.ts file, with a business and a connector made before its
 * tests, the ledger's rows as stored, and the checks that it adds up.
 */
export function ledgerFile(...appOptions: Parameters<typeof appPerFile>) {
  const app = appPerFile(...appOptions);
  const business = madeInBeforeAll(() => newBusiness(app, { companyName: "Ledger Co" }));
  const connector = madeInBeforeAll(() => newConnector(app, { name: "Ledger Connector" }));

  const commissionsOf = (referralId: number) =>
    app.query<CommissionRow>("select * from commissions where referral_id = ? order by id", referralId);
  const entriesOf = (referralId: number) =>
    app.query<EntryRow>(
      "select e.commission_id, e.type, e.amount_minor, e.currency from commission_entries e join commissions c on c.id = e.commission_id where c.referral_id = ? order by e.id",
      referralId,
    );

  async function consentedReferral(cashbackPercentage = 10) {
    const { referral } = await refer(connector.client, business.business.id, { cashbackPercentage });
    await answerIntro(app, referral.id);
    return referral.id;
  }

  const progress = (id: number, body: Record<string, unknown>) => business.client.patch(`/api/referrals/${id}`, body);

  /**
   * Pays a commission the way a payout does (the payout itself is tested with POST /api/payouts):
   * a payout row, the commission paid into it, and the payout entry.
   */
  async function markPaid(commissionId: number, { makePayable = true } = {}) {
    if (makePayable) await app.query("update commissions set status = 'payable' where id = ?", commissionId);
    await paidOut(app, commissionId, "TEST");
  }

  /**
   * What every ledger keeps whatever the terms: each commission's entries sum to what is still owed on
   * it, one commission stands exactly when a completed referral earns one, and the connectors' balances
   * are the sums of their entries.
   */
  async function expectEntriesSum(referralIds: number[]) {
    for (const id of referralIds) {
      const [referral] = await app.query<{ status: string }>("select status from referrals where id = ?", id);
      const rows = await commissionsOf(id);
      const entries = await entriesOf(id);
      for (const row of rows) {
        const owed = row.status === "pending" || row.status === "payable" ? row.amount_minor : 0;
        const sum = entries.filter((e) => e.commission_id === row.id).reduce((total, e) => total + e.amount_minor, 0);
        expect(sum, `commission ${row.id} (${row.kind}, ${row.status})`).toBe(owed);
      }
      const standing = rows.filter((r) => r.kind === "commission" && r.superseded_at === null);
      if (referral!.status !== "completed") expect(standing, `referral ${id} (${referral!.status})`).toEqual([]);
      else expect(standing.length, `referral ${id}`).toBeLessThanOrEqual(1);
    }
    const balances = await app.query<{ entries: number; open: number }>(
      `select (select coalesce(sum(e.amount_minor), 0) from commission_entries e where e.connector_id = c.connector_id and e.currency = c.currency) as entries,
         sum(case when c.status in ('pending', 'payable') then c.amount_minor else 0 end) as open
       from commissions c where c.referral_id in (${referralIds.join(", ")}) group by c.connector_id, c.currency`,
    );
    for (const b of balances) expect(b.entries).toBe(b.open);
  }

  async function expectLedgerAddsUp(referralIds: number[]) {
    for (const id of referralIds) {
      const [referral] = await app.query<{ status: string; fee_amount: number | null; revenue_currency: string }>(
        "select status, fee_amount, revenue_currency from referrals where id = ?",
        id,
      );
      const rows = await commissionsOf(id);
      const entries = await entriesOf(id);
      const sumOf = (commissionId: number) =>
        entries.filter((e) => e.commission_id === commissionId).reduce((sum, e) => sum + e.amount_minor, 0);
      // Each commission's entries sum to what is still owed on it.
      for (const row of rows) {
        const owed = row.status === "pending" || row.status === "payable" ? row.amount_minor : 0;
        expect(sumOf(row.id), `commission ${row.id} (${row.kind}, ${row.status})`).toBe(owed);
      }
      // One commission stands, exactly when the referral earns one, and it is the fee.
      const standing = rows.filter((r) => r.kind === "commission" && r.superseded_at === null);
      const due = referral!.status === "completed" && referral!.fee_amount ? referral!.fee_amount : null;
      if (due === null) expect(standing).toEqual([]);
      else {
        expect(standing).toHaveLength(1);
        const minor = referral!.revenue_currency === "JPY" ? due / 100 : due;
        expect([standing[0]!.amount_minor, standing[0]!.currency]).toEqual([minor, referral!.revenue_currency]);
      }
    }
    // The connector's balance per currency: the sum of entries equals what is pending and payable.
    const balances = await app.query<{ currency: string; entries: number; open: number }>(
      `select c.currency,
         (select coalesce(sum(e.amount_minor), 0) from commission_entries e where e.connector_id = c.connector_id and e.currency = c.currency) as entries,
         sum(case when c.status in ('pending', 'payable') then c.amount_minor else 0 end) as open
       from commissions c where c.connector_id = ? group by c.currency`,
      connector.connectorId,
    );
    for (const b of balances) expect(b.entries, b.currency).toBe(b.open);
  }

  return {
    app,
    business,
    connector,
    commissionsOf,
    entriesOf,
    consentedReferral,
    progress,
    markPaid,
    expectEntriesSum,
    expectLedgerAddsUp,
  };
}

/**
 * Pays one commission the way a payout leaves it: a payout row of its amount, the commission paid
 * into it, and its payout entry (payouts themselves are tested through POST /api/payouts).
 */
export async function paidOut(app: TestApp, commissionId: number, reference: string) {
  const [c] = await app.query<{ business_id: number; connector_id: number; currency: string; amount_minor: number }>(
    "select * from commissions where id = ?",
    commissionId,
  );
  await app.query(
    "insert into payouts (business_id, connector_id, currency, amount_minor, method, reference, paid_at) values (?, ?, ?, ?, 'bank_transfer', ?, ?)",
    c!.business_id,
    c!.connector_id,
    c!.currency,
    c!.amount_minor,
    reference,
    Date.now(),
  );
  await app.query(
    "update commissions set status = 'paid', payout_id = (select max(id) from payouts), paid_at = ? where id = ?",
    Date.now(),
    commissionId,
  );
  await app.query(
    "insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, payout_id, occurred_at) values (?, ?, ?, ?, 'payout', ?, (select max(id) from payouts), ?)",
    commissionId,
    c!.connector_id,
    c!.business_id,
    c!.currency,
    -c!.amount_minor,
    Date.now(),
  );
}
