import { expect, it } from "vitest";
import { aroundMigration } from "../tests/unit-helpers/migrations";

/*
 * connector_balances (migration 0022, decision 098) holds each connector's pending, payable, paid and
 * owed per currency, so Earnings reads a row per currency instead of summing a connector's whole
 * ledger. Its backfill sums what is already there; its triggers follow every commission inserted,
 * moved between statuses, re-amounted or deleted, and every entry appended. After each step the
 * table must equal the sums it replaces.
 */

const SUMS = `
  select connector_id, currency, sum(pending) as pending, sum(payable) as payable, sum(paid) as paid, sum(owed) as owed from (
    select connector_id, currency,
      sum(case status when 'pending' then amount_minor else 0 end) as pending,
      sum(case status when 'payable' then amount_minor else 0 end) as payable,
      sum(case status when 'paid' then amount_minor else 0 end) as paid,
      0 as owed
    from commissions group by 1, 2
    union all
    select connector_id, currency, 0, 0, 0, sum(amount_minor) from commission_entries group by 1, 2
  ) group by 1, 2 order by 1, 2`;

const TABLE = `select connector_id, currency, pending_minor as pending, payable_minor as payable, paid_minor as paid,
  owed_minor as owed from connector_balances order by 1, 2`;

it("connector_balances starts at the ledger's sums and follows every commission and entry written", async () => {
  await aroundMigration(
    (file) => file.startsWith("0022"),
    async (client, migrate) => {
      const rows = async (query: string) => (await client.execute(query)).rows.map((r) => ({ ...r }));
      let n = 0;
      /** A commission and, as the ledger writes them together, its entry (a reversed one has none left to owe). */
      const commission = async (connector: number, currency: string, status: string, amount: number) => {
        n++;
        await client.execute({
          sql: `insert into commissions (id, referral_id, connector_id, business_id, status, currency, amount_minor, hold_days, payable_at)
            values (?, ?, ?, 1, ?, ?, ?, 30, 0)`,
          args: [n, n, connector, status, currency, amount],
        });
        await entry(n, connector, currency, amount);
        return n;
      };
      const entry = (commissionId: number, connector: number, currency: string, amount: number) =>
        client.execute({
          sql: `insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, occurred_at)
            values (?, ?, 1, ?, 'commission', ?, 0)`,
          args: [commissionId, connector, currency, amount],
        });
      const holds = async () => expect(await rows(TABLE)).toEqual(await rows(SUMS));
      // A ledger already there when the migration runs: the backfill sums it.
      await commission(1, "SGD", "pending", 1_000);
      await commission(1, "SGD", "payable", 250);
      await commission(1, "USD", "paid", 4_000);
      await commission(2, "SGD", "reversed", 900);
      await entry(4, 2, "SGD", -900);
      await migrate();
      expect(await rows(TABLE)).toEqual([
        { connector_id: 1, currency: "SGD", pending: 1_000, payable: 250, paid: 0, owed: 1_250 },
        { connector_id: 1, currency: "USD", pending: 0, payable: 0, paid: 4_000, owed: 4_000 },
        { connector_id: 2, currency: "SGD", pending: 0, payable: 0, paid: 0, owed: 0 },
      ]);
      await holds();

      // New commissions, a new currency and a new connector.
      const jpy = await commission(1, "JPY", "pending", 700);
      await commission(3, "EUR", "payable", 120);
      await holds();
      // Released: pending to payable. Paid through a payout (the paid guard wants one that matches).
      await client.execute(`update commissions set status = 'payable' where id = ${jpy}`);
      await holds();
      await client.execute(
        "insert into payouts (id, business_id, connector_id, currency, amount_minor, method, reference, paid_at) values (1, 1, 1, 'JPY', 700, 'bank_transfer', 'T-1', 0)",
      );
      await client.execute(`update commissions set status = 'paid', payout_id = 1 where id = ${jpy}`);
      await entry(jpy, 1, "JPY", -700);
      await holds();
      // Reversed before it was paid: out of pending, and the entry takes it off what is owed.
      await client.execute("update commissions set status = 'reversed' where id = 1");
      await entry(1, 1, "SGD", -1_000);
      await holds();
      // An adjustment's negative amount nets off; an amount changed in place moves by the difference.
      await commission(1, "USD", "payable", -1_500);
      await client.execute("update commissions set amount_minor = 300 where id = 2");
      await holds();
      // Columns the balances do not read leave them alone; a commission moved to another connector moves.
      await client.execute("update commissions set paid_at = 5 where id = 3");
      await client.execute("update commissions set connector_id = 3, currency = 'EUR' where id = 2");
      await holds();
      // A commission deleted (a cascade from its referral) leaves its status column.
      await client.execute("delete from commissions where id = 3");
      await holds();
      expect(await rows("select * from connector_balances where connector_id = 1 and currency = 'USD'")).toEqual([
        { connector_id: 1, currency: "USD", pending_minor: 0, payable_minor: -1_500, paid_minor: 0, owed_minor: 2_500 },
      ]);
    },
    // The sums are the subject here, not the parties: commissions without referrals, users or businesses.
    { andLater: true, foreignKeys: false },
  );
});
