import { and, asc, count, eq, inArray, lt, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { businesses, businessReputations, type Currency, commissions, payoutRequests } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { minorToDecimalString } from "../../utils/money";
import { type AdminActor, requireAdmin } from "../parties/acting-admin.server";
import type { SystemActor } from "../parties/system.server";
import { overdueRequestsQuery, overdueRequestWhere, toPayoutRequestDto } from "./payout-requests.server";

// Platform payables (issue 17 section 4, decision 069): what the platform's businesses owe their
// connectors, per currency, and which businesses let payables sit unpaid. The same "overdue" feeds
// each business's reputation (business_reputations.payables_overdue_count).

/** A payable commission is overdue once it has been payable for more than this many days. */
export const OVERDUE_AFTER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant before which a payable commission is overdue. */
export const overdueCutoff = (now: number) => new Date(now - OVERDUE_AFTER_DAYS * DAY_MS);

/**
 * Overdue payables: commissions (not adjustments, which the business is owed back) still payable
 * since before the cutoff. Status and payable_at lead commissions_status_payable_idx.
 */
const overdueWhere = (cutoff: Date) =>
  and(eq(commissions.status, "payable"), lt(commissions.payableAt, cutoff), eq(commissions.kind, "commission"));

/** The number of a business's overdue payables, as an SQL expression (its reputation's figure). */
export function payablesOverdueCountSql(businessId: SQLWrapper | number, now: number) {
  return sql<number>`(select count(*) from ${commissions} where ${commissions.businessId} = ${businessId}
    and ${commissions.status} = 'payable' and ${commissions.kind} = 'commission' and ${commissions.payableAt} < ${overdueCutoff(now).getTime()})`;
}

/**
 * Keeps the stored count current between reputation recomputations, in one UPDATE per scheduled
 * run: businesses that have overdue payables (they may have paid some) and businesses with a
 * commission that crossed the line in the last day (payable_at in [cutoff − 1 day, cutoff), a range
 * of commissions_status_payable_idx). A row is written only when its count changed. Anything a
 * missed day of runs left behind, the daily recomputation (refreshReputations) catches.
 */
export async function refreshPayablesOverdue(db: Database, _system: SystemActor, now = Date.now()) {
  const cutoff = overdueCutoff(now).getTime();
  const fresh = payablesOverdueCountSql(businessReputations.businessId, now);
  const changed = await db
    .update(businessReputations)
    .set({ payablesOverdueCount: fresh })
    .where(
      sql`(${businessReputations.payablesOverdueCount} > 0 or ${businessReputations.businessId} in (
        select ${commissions.businessId} from ${commissions} where ${commissions.status} = 'payable'
          and ${commissions.payableAt} >= ${cutoff - DAY_MS} and ${commissions.payableAt} < ${cutoff}))
        and ${businessReputations.payablesOverdueCount} <> ${fresh}`,
    )
    .returning({ businessId: businessReputations.businessId });
  return changed.length;
}

// ——— The admin view ———

const sumMinor = sql<number>`coalesce(sum(${commissions.amountMinor}), 0)`;

/**
 * The admin payables, unexecuted (for the caller's batch): the totals per currency and status, a page
 * of businesses with overdue payables per currency (oldest first), and how many such rows there are.
 * Aliased columns: a D1 batch maps rows by column name.
 */
export function payablesQueries(db: Database, { limit, offset, now }: { limit: number; offset: number; now: number }) {
  const cutoff = overdueCutoff(now);
  return [
    db
      .select({
        currency: commissions.currency,
        status: commissions.status,
        amountMinor: sumMinor.as("amount_minor_sum"),
      })
      .from(commissions)
      .where(inArray(commissions.status, ["pending", "payable", "paid"]))
      .groupBy(commissions.currency, commissions.status),
    db
      .select({
        businessId: commissions.businessId,
        companyName: businesses.companyName,
        currency: commissions.currency,
        amountMinor: sumMinor.as("overdue_minor"),
        count: count().as("overdue_count"),
        oldestPayableAt: sql<number>`min(${commissions.payableAt})`.as("oldest_payable_at"),
      })
      .from(commissions)
      .innerJoin(businesses, eq(businesses.id, commissions.businessId))
      .where(overdueWhere(cutoff))
      .groupBy(commissions.businessId, commissions.currency)
      .orderBy(sql`min(${commissions.payableAt})`, asc(commissions.businessId), asc(commissions.currency))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count().as("overdue_rows") })
      .from(
        db
          .select({ businessId: commissions.businessId, currency: commissions.currency })
          .from(commissions)
          .where(overdueWhere(cutoff))
          .groupBy(commissions.businessId, commissions.currency)
          .as("overdue_groups"),
      ),
    // Issue 38 (decision 192): connectors' payout requests unpaid past their due date, the oldest due first.
    overdueRequestsQuery(db, now).limit(OVERDUE_REQUESTS_SHOWN),
    db
      .select({ total: count().as("overdue_requests") })
      .from(payoutRequests)
      .where(overdueRequestWhere(now)),
  ] as const;
}

/** The admin tab lists this many overdue payout requests (the oldest due); the total says how many there are. */
export const OVERDUE_REQUESTS_SHOWN = 50;

export type PayablesRows = BatchResponse<ReturnType<typeof payablesQueries>>;

export type CurrencyPayables = {
  currency: Currency;
  pendingMinor: number;
  pending: string;
  payableMinor: number;
  payable: string;
  paidMinor: number;
  paid: string;
};

export type OverduePayable = {
  businessId: number;
  companyName: string;
  currency: Currency;
  amountMinor: number;
  amount: string;
  count: number;
  oldestPayableAt: string;
};

export function toPayables([totalRows, overdueRows, overdueTotals, requestRows, requestTotals]: PayablesRows, now: number) {
  const byCurrency = new Map<Currency, CurrencyPayables>();
  for (const row of totalRows) {
    const entry = byCurrency.get(row.currency) ?? {
      currency: row.currency,
      pendingMinor: 0,
      pending: "",
      payableMinor: 0,
      payable: "",
      paidMinor: 0,
      paid: "",
    };
    const amount = Number(row.amountMinor);
    if (row.status === "pending") entry.pendingMinor += amount;
    if (row.status === "payable") entry.payableMinor += amount;
    if (row.status === "paid") entry.paidMinor += amount;
    byCurrency.set(row.currency, entry);
  }
  const totals = [...byCurrency.values()]
    .map((t) => ({
      ...t,
      pending: minorToDecimalString(t.pendingMinor, t.currency),
      payable: minorToDecimalString(t.payableMinor, t.currency),
      paid: minorToDecimalString(t.paidMinor, t.currency),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
  const overdue: OverduePayable[] = overdueRows.map((row) => ({
    businessId: row.businessId,
    companyName: row.companyName,
    currency: row.currency,
    amountMinor: Number(row.amountMinor),
    amount: minorToDecimalString(Number(row.amountMinor), row.currency),
    count: Number(row.count),
    oldestPayableAt: new Date(Number(row.oldestPayableAt)).toISOString(),
  }));
  return {
    asOf: new Date(now).toISOString(),
    overdueAfterDays: OVERDUE_AFTER_DAYS,
    totals,
    overdue,
    overdueTotal: overdueTotals[0]?.total ?? 0,
    overdueRequests: requestRows.map((r) => toPayoutRequestDto(r.request, r, now)),
    overdueRequestsTotal: requestTotals[0]?.total ?? 0,
  };
}
export type Payables = ReturnType<typeof toPayables>;

/** GET /api/admin/payables: platform admins only (everyone else 403, as the other admin endpoints). */
export async function adminPayables(
  db: Database,
  actor: AdminActor,
  page: { limit: number; offset: number },
  now = Date.now(),
): Promise<Payables> {
  requireAdmin(actor);
  return toPayables(await db.batch(payablesQueries(db, { ...page, now })), now);
}
