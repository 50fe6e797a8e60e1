import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { type Currency, payoutMethods } from "../../../db/schema";
import { type Database, sealingSecretOf } from "../../utils/db.server";
import { inIds } from "../../utils/sql.server";
import type { PayingMethod } from "./payout-method-details";
import { openDetails } from "./payout-methods.server";

/** A connector's method wanted in one currency (a payable group). */
export type PayingMethodWanted = { connectorId: number; currency: Currency };
/** The methods found, by currency, then by connector. */
export type PayingMethodsByCurrency = Map<Currency, Map<number, PayingMethod>>;

/**
 * The default payout method of each connector in each currency asked for, details unsealed, for the
 * paying business (issue 38 parts 1 and 3), in ONE query whatever the currencies. Callers have already
 * checked that the viewer is the business's owner or a team admin (checkPayoutManager): nobody else
 * ever reads these details whole. The key comes with the database client (sealingSecretOf, decision
 * 186); only the pairs asked for are opened, and a method whose details cannot be opened is left out,
 * as if there were none.
 */
export async function loadPayingMethods(
  db: Database,
  _businessId: number,
  wanted: readonly PayingMethodWanted[],
): Promise<PayingMethodsByCurrency> {
  if (wanted.length === 0) return new Map();
  const connectorIds = [...new Set(wanted.map((w) => w.connectorId))];
  const currencies = [...new Set(wanted.map((w) => w.currency))];
  const asked = new Set(wanted.map((w) => `${w.currency}:${w.connectorId}`));
  const rows = await defaultMethodsQuery(
    db,
    and(inIds(payoutMethods.connectorId, connectorIds), inArray(payoutMethods.currency, currencies)),
  );
  const byCurrency: PayingMethodsByCurrency = new Map();
  for (const currency of currencies) {
    const mine = rows.filter((r) => r.currency === currency && asked.has(`${currency}:${r.connectorId}`));
    byCurrency.set(currency, await toPayingMethods(sealingSecretOf(db), mine));
  }
  return byCurrency;
}

/** The default methods (not removed) of the connectors `which` names, in `currency` or every currency. */
export function defaultMethodsQuery(db: Database, which: SQL | undefined, currency?: Currency) {
  return db
    .select()
    .from(payoutMethods)
    .where(
      and(
        which,
        currency ? eq(payoutMethods.currency, currency) : undefined,
        eq(payoutMethods.isDefault, true),
        isNull(payoutMethods.removedAt),
      ),
    );
}
type MethodRow = Awaited<ReturnType<typeof defaultMethodsQuery>>[number];

/** Rows opened into the connector's method (one per connector: the query is for one currency). */
export async function toPayingMethods(secret: string | null, rows: MethodRow[]): Promise<Map<number, PayingMethod>> {
  const methods = new Map<number, PayingMethod>();
  for (const row of rows) {
    const details = await openDetails(secret, row);
    if (details) methods.set(row.connectorId, { methodId: row.id, currency: row.currency, details });
  }
  return methods;
}
