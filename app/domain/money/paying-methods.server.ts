import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { type Currency, payoutMethods } from "../../../db/schema";
import { type Database, sealingSecretOf } from "../../utils/db.server";
import type { PayingMethod } from "./payout-method-details";
import { openDetails } from "./payout-methods.server";

/**
 * The default payout method of each connector for one currency, details unsealed, for the paying
 * business (issue 38 parts 1 and 3). Callers have already checked that the viewer is the business's
 * owner or a team admin (checkPayoutManager): nobody else ever reads these details whole. The key
 * comes with the database client (sealingSecretOf, decision 186); a method whose details cannot be
 * opened is left out, as if there were none.
 */
export async function loadPayingMethods(
  db: Database,
  _businessId: number,
  currency: Currency,
  connectorIds: readonly number[],
): Promise<Map<number, PayingMethod>> {
  if (connectorIds.length === 0) return new Map();
  const rows = await defaultMethodsQuery(db, inArray(payoutMethods.connectorId, [...connectorIds]), currency);
  return toPayingMethods(sealingSecretOf(db), rows);
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
