import { expect } from "vitest";
import { appPerFile, madeInBeforeAll } from "./app";
import { answerIntro } from "./introductions";
import { refer } from "./marketplace";
import { type Connector, newBusiness, newConnector } from "./parties";

export const now = new Date();
export const monthOf = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
export const thisMonth = monthOf(0);
export const today = now.toISOString().slice(0, 10);

export type BalanceBody = {
  currency: string;
  pendingMinor: number;
  payableMinor: number;
  paidMinor: number;
  owedMinor: number;
  pending: string;
  payable: string;
  paid: string;
  owed: string;
};
export type StatementBody = {
  month: string;
  currency: string;
  openingBalanceMinor: number;
  commissionsMinor: number;
  reversalsAndAdjustmentsMinor: number;
  payoutsMinor: number;
  closingBalanceMinor: number;
  closingBalance: string;
  lines: { type: string; amountMinor: number; amount: string; referredPersonName: string; payoutReference: string | null }[];
};

/**
 * The app of one earnings.*.test.ts file, with a business and two connectors made before its tests,
 * and the ledger moves and reads its tests share.
 */
export function earningsFile() {
  const app = appPerFile();
  const business = madeInBeforeAll(() => newBusiness(app, { companyName: "Earnings Co" }));
  const connector = madeInBeforeAll(() => newConnector(app, { name: "Earning Connector" }));
  const other = madeInBeforeAll(() => newConnector(app, { name: "Other Connector" }));

  async function completed(c: Connector, name: string, revenue: number, currency = "SGD", cashbackPercentage = 10) {
    const { referral } = await refer(c.client, business.business.id, { referredPersonName: name, cashbackPercentage });
    await answerIntro(app, referral.id);
    const res = await business.client.patch(`/api/referrals/${referral.id}`, {
      status: "completed",
      revenueReceived: revenue,
      revenueCurrency: currency,
      // Another cashback than the business's 10% is a proposal (issue 33): the business accepts it.
      ...(cashbackPercentage === 10 ? {} : { cashbackProposal: "accept" }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return referral.id;
  }

  const standingOf = async (referralId: number) =>
    (
      await app.query<{ id: number }>(
        "select id from commissions where referral_id = ? and kind = 'commission' and superseded_at is null",
        referralId,
      )
    )[0]!.id;

  /**
   * Pays commissions the way a payout does (helpers/ledger.ts markPaid; POST /api/payouts is
   * tested on its own): the hold passes, a payout row, the commissions paid into it, their payout entries.
   */
  async function pay(commissionIds: number[], reference: string) {
    const rows = await app.query<{
      id: number;
      connector_id: number;
      business_id: number;
      currency: string;
      amount_minor: number;
    }>(`select id, connector_id, business_id, currency, amount_minor from commissions where id in (${commissionIds.join(",")})`);
    const first = rows[0]!;
    const total = rows.reduce((sum, r) => sum + r.amount_minor, 0);
    const paidAt = Date.now();
    await app.query(`update commissions set status = 'payable' where status = 'pending' and id in (${commissionIds.join(",")})`);
    await app.query(
      "insert into payouts (business_id, connector_id, currency, amount_minor, method, reference, paid_at) values (?, ?, ?, ?, 'paynow', ?, ?)",
      first.business_id,
      first.connector_id,
      first.currency,
      total,
      reference,
      paidAt,
    );
    for (const r of rows) {
      await app.query(
        "update commissions set status = 'paid', payout_id = (select max(id) from payouts), paid_at = ? where id = ?",
        paidAt,
        r.id,
      );
      await app.query(
        "insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, payout_id, occurred_at) values (?, ?, ?, ?, 'payout', ?, (select max(id) from payouts), ?)",
        r.id,
        r.connector_id,
        r.business_id,
        r.currency,
        -r.amount_minor,
        paidAt,
      );
    }
  }

  async function balancesOf(c: { client: Connector["client"] }) {
    const res = await c.client.get("/api/earnings");
    expect(res.status).toBe(200);
    return ((await res.json()) as { balances: BalanceBody[] }).balances;
  }
  async function statementOf(c: { client: Connector["client"] }, month: string, currency = "SGD") {
    const res = await c.client.get(`/api/statements?month=${month}&currency=${currency}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as StatementBody;
  }

  return { app, business, connector, other, completed, standingOf, pay, balancesOf, statementOf };
}
