import { expect, it } from "vitest";
import { aroundMigration } from "../tests/unit-helpers/migrations";

/*
 * Migration 0033 (decision 187): a paid commission stays paid in its payout, except the one move a
 * void makes, back to payable with no payout once its payout is voided; connector_balances (0022)
 * follows that move and the payout_voided entry.
 */
it("a paid commission returns to payable only when its payout is voided, and the balances follow", async () => {
  await aroundMigration(
    (file) => file.startsWith("0033"),
    async (client, migrate) => {
      await migrate();
      const run = (sql: string) => client.execute(sql);
      const balance = async () =>
        (
          await client.execute("select payable_minor as payable, paid_minor as paid, owed_minor as owed from connector_balances")
        ).rows.map((r) => ({ ...r }));
      await run(
        "insert into commissions (id, referral_id, connector_id, business_id, status, currency, amount_minor, hold_days, payable_at) values (1, 1, 1, 1, 'payable', 'SGD', 500, 0, 0)",
      );
      await run(
        "insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, occurred_at) values (1, 1, 1, 'SGD', 'commission', 500, 0)",
      );
      await run(
        "insert into payouts (id, business_id, connector_id, currency, amount_minor, method, reference, paid_at) values (1, 1, 1, 'SGD', 500, 'paynow', 'P-1', 0)",
      );
      await run("update commissions set status = 'paid', payout_id = 1, paid_at = 0 where id = 1");
      await run(
        "insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, payout_id, occurred_at) values (1, 1, 1, 'SGD', 'payout', -500, 1, 0)",
      );
      expect(await balance()).toEqual([{ payable: 0, paid: 500, owed: 0 }]);

      // Not voided: every way out of paid, or into another payout, is refused.
      for (const change of [
        "status = 'payable', payout_id = null",
        "status = 'payable'",
        "status = 'reversed'",
        "payout_id = null",
        "payout_id = 2",
      ])
        await expect(run(`update commissions set ${change} where id = 1`)).rejects.toThrow(/commission_paid_is_final/);

      // Voided: back to payable with no payout, and nothing else.
      await run("update payouts set voided_at = 1, void_reason = 'Wrong connector' where id = 1");
      await expect(run("update commissions set status = 'reversed', payout_id = null where id = 1")).rejects.toThrow(
        /commission_paid_is_final/,
      );
      await expect(run("update commissions set status = 'payable' where id = 1")).rejects.toThrow(/commission_paid_is_final/);
      await run("update commissions set status = 'payable', payout_id = null, paid_at = null where id = 1");
      await run(
        "insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, payout_id, occurred_at) values (1, 1, 1, 'SGD', 'payout_voided', 500, 1, 1)",
      );
      expect(await balance()).toEqual([{ payable: 500, paid: 0, owed: 500 }]);
      // Paid again into a new payout: as any payable commission.
      await run(
        "insert into payouts (id, business_id, connector_id, currency, amount_minor, method, reference, paid_at) values (2, 1, 1, 'SGD', 500, 'paynow', 'P-2', 0)",
      );
      await run("update commissions set status = 'paid', payout_id = 2 where id = 1");
      expect(await balance()).toEqual([{ payable: 0, paid: 500, owed: 500 }]);
    },
    { foreignKeys: false },
  );
});
