import { eq } from "drizzle-orm";
import { type Currency, payoutMethods } from "../../../db/schema";
import { formatDateTime } from "../../utils/dates";
import type { Database } from "../../utils/db.server";
import { heldUntilOf } from "./payout-methods.server";

/**
 * Who may be paid (issue 38 part 1, decision 184): a connector with a default payout method for the
 * payout's currency, whose methods have not changed in the last 48 hours. The one home of the rule:
 * recordPayout refuses with these words, and the payout screen shows the same state.
 */

/** Each method of a connector (removed ones too: their hold still counts), for a caller's batch. */
export function payingMethodStateQuery(db: Database, connectorId: number) {
  return db
    .select({
      connectorId: payoutMethods.connectorId,
      currency: payoutMethods.currency,
      isDefault: payoutMethods.isDefault,
      removedAt: payoutMethods.removedAt,
      summary: payoutMethods.summary,
      payoutsHeldUntil: payoutMethods.payoutsHeldUntil,
    })
    .from(payoutMethods)
    .where(eq(payoutMethods.connectorId, connectorId));
}
export type PayingMethodState = Awaited<ReturnType<typeof payingMethodStateQuery>>[number];

export const noMethodMessage = (name: string, currency: Currency) =>
  `${name} has no payout method for ${currency}: they must add one in Settings before you can pay them`;
export const heldMessage = (name: string, until: Date) =>
  `${name}'s payouts are on hold until ${formatDateTime(until, "UTC")}: their payout method changed`;

/** The default method for `currency` (its masked summary) and the hold, from a connector's rows. */
export function payeeState(rows: PayingMethodState[], currency: Currency, now = Date.now()) {
  const method = rows.find((r) => r.currency === currency && r.isDefault && !r.removedAt) ?? null;
  return { summary: method?.summary ?? null, heldUntil: heldUntilOf(rows, now) };
}

/** Why `name` cannot be paid in `currency` now, or null. */
export function payeeProblem(name: string, currency: Currency, rows: PayingMethodState[], now = Date.now()): string | null {
  const { summary, heldUntil } = payeeState(rows, currency, now);
  if (!summary) return noMethodMessage(name, currency);
  if (heldUntil) return heldMessage(name, heldUntil);
  return null;
}
