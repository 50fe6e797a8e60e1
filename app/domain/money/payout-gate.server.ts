import { and, eq, inArray, type SQL } from "drizzle-orm";
import { type Currency, commissions, type PayoutMethodRow, payoutMethods } from "../../../db/schema";
import { formatDateTime } from "../../utils/dates";
import type { Database } from "../../utils/db.server";
import type { PayoutMethodDetails } from "./payout-method-details";
import { heldUntilOf, openDetails } from "./payout-methods.server";

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

/** Every method (removed ones too, for their holds) of the connectors a business owes something open. */
export function owedConnectorsMethodsQuery(db: Database, businessId: number | SQL) {
  return db
    .select()
    .from(payoutMethods)
    .where(
      inArray(
        payoutMethods.connectorId,
        db
          .select({ id: commissions.connectorId })
          .from(commissions)
          .where(and(eq(commissions.businessId, businessId), inArray(commissions.status, ["pending", "payable"]))),
      ),
    );
}

/** What the payout screen shows of a connector's method for a group's currency. */
export type PayingMethodView = {
  /** The masked summary of the default method, or null: "No payout method for SGD". */
  summary: string | null;
  heldUntil: string | null;
  /** The whole details, for the owner and team admins at payout time (null when none or unreadable). */
  details: PayoutMethodDetails | null;
};

/** Each owed group with its connector's method in its currency; the details opened for the payout manager. */
export async function withPayingMethods<G extends { connectorId: number; currency: Currency }>(
  secret: string | null,
  groups: G[],
  rows: PayoutMethodRow[],
): Promise<(G & { payingMethod: PayingMethodView })[]> {
  return Promise.all(
    groups.map(async (group) => {
      const own = rows.filter((r) => r.connectorId === group.connectorId);
      const { heldUntil } = payeeState(own, group.currency);
      const method = own.find((r) => r.currency === group.currency && r.isDefault && !r.removedAt) ?? null;
      return {
        ...group,
        payingMethod: {
          summary: method?.summary ?? null,
          heldUntil: heldUntil?.toISOString() ?? null,
          details: method ? await openDetails(secret, method) : null,
        },
      };
    }),
  );
}
