import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Commission, type Currency, commissions, connectors, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { forbidden, notFound } from "../../utils/errors.server";
import { minorToDecimalString } from "../../utils/money";
import type { SessionUser } from "../../utils/session.server";
import { PAYOUTS_MANAGERS_ONLY } from "../../validation/payout-methods";
import { type BusinessRole, businessRoleOf } from "../parties/access.server";
import { loadPayingMethods } from "./paying-methods.server";
import { detailColumns } from "./payout-method-mask";

// What a business owes its connectors (issue 17, decisions 063, 065): the payable and pending items per
// connector and currency, and who may see them (the owner or a team admin).

export type Actor = Pick<SessionUser, "id" | "isAdmin" | "apiKey">;

/** The owner or a team admin of the business; a member gets 403, anyone else 404. */
export async function requirePayoutManager(db: Database, actor: Actor, businessId: number): Promise<BusinessRole> {
  return checkPayoutManager(await businessRoleOf(db, actor, businessId));
}

export function checkPayoutManager(role: BusinessRole | null): BusinessRole {
  if (!role) throw notFound("Business not found");
  if (role === "member") throw forbidden(PAYOUTS_MANAGERS_ONLY);
  return role;
}

// ——— What is owed ———

/** The unpaid, standing items of a business (pending, payable), with their referral and connector. */
export function openItemsQuery(db: Database, businessId: number | SQL) {
  return openItemsWhere(db, eq(commissions.businessId, businessId));
}

/** The same items of one connector (their user) at one business: what it owes them (issue 38). */
export function connectorOpenItemsQuery(db: Database, userId: number, businessId: number) {
  return openItemsWhere(db, and(eq(connectors.userId, userId), eq(commissions.businessId, businessId)));
}

/**
 * What each business owes one connector (their user) now, per currency: the same net as an OwedGroup's
 * payableMinor (every payable item, commissions less adjustments), summed by the database so a
 * connector with thousands of items does not read them all (Earnings, issue 38).
 */
export function connectorPayablesQuery(db: Database, userId: number | SQL) {
  return (
    db
      .select({
        businessId: commissions.businessId,
        currency: commissions.currency,
        payableMinor: sql<number>`sum(${commissions.amountMinor})`.as("payable_minor"),
      })
      .from(commissions)
      .innerJoin(connectors, eq(connectors.id, commissions.connectorId))
      // The status as SQL text, not a bound value: Earnings prepares this per viewer kind (decision 089).
      .where(and(eq(connectors.userId, userId), sql`${commissions.status} = 'payable'`))
      .groupBy(commissions.businessId, commissions.currency)
  );
}

function openItemsWhere(db: Database, scope: SQL | undefined) {
  return db
    .select({
      id: commissions.id,
      kind: commissions.kind,
      status: commissions.status,
      businessId: commissions.businessId,
      connectorId: commissions.connectorId,
      currency: commissions.currency,
      amountMinor: commissions.amountMinor,
      payableAt: commissions.payableAt,
      referralId: commissions.referralId,
      adjustsCommissionId: commissions.adjustsCommissionId,
      referredPersonName: referrals.referredPersonName,
      connectorName: connectors.name,
      connectorEmail: connectors.email,
    })
    .from(commissions)
    .innerJoin(referrals, eq(referrals.id, commissions.referralId))
    .innerJoin(connectors, eq(connectors.id, commissions.connectorId))
    .where(and(scope, inArray(commissions.status, ["pending", "payable"])))
    .orderBy(
      asc(connectors.name),
      asc(commissions.connectorId),
      asc(commissions.currency),
      asc(commissions.payableAt),
      asc(commissions.id),
    );
}
type OpenItemRow = Awaited<ReturnType<typeof openItemsQuery>>[number];

export type OwedItem = {
  commissionId: number;
  kind: Commission["kind"];
  referralId: number;
  referredPersonName: string;
  amountMinor: number;
  amount: string;
  payableAt: string;
  adjustsCommissionId: number | null;
};

export type OwedGroup = {
  businessId: number;
  connectorId: number;
  connectorName: string;
  connectorEmail: string | null;
  currency: Currency;
  /** The net of the payable items (commissions less adjustments): what may be paid now. */
  payableMinor: number;
  payable: string;
  pendingMinor: number;
  pending: string;
  payableItems: OwedItem[];
  /** Still in their hold: shown with the date they become payable. */
  pendingItems: OwedItem[];
};

/** Groups the open items per business, connector and currency (never summed across currencies). */
export function toOwedGroups(rows: OpenItemRow[]): OwedGroup[] {
  const groups = new Map<string, OwedGroup>();
  for (const row of rows) {
    const key = `${row.businessId}:${row.connectorId}:${row.currency}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        businessId: row.businessId,
        connectorId: row.connectorId,
        connectorName: row.connectorName,
        connectorEmail: row.connectorEmail,
        currency: row.currency,
        payableMinor: 0,
        payable: "",
        pendingMinor: 0,
        pending: "",
        payableItems: [],
        pendingItems: [],
      };
      groups.set(key, group);
    }
    const item: OwedItem = {
      commissionId: row.id,
      kind: row.kind,
      referralId: row.referralId,
      referredPersonName: row.referredPersonName,
      amountMinor: row.amountMinor,
      amount: minorToDecimalString(row.amountMinor, row.currency),
      payableAt: row.payableAt.toISOString(),
      adjustsCommissionId: row.adjustsCommissionId,
    };
    if (row.status === "payable") {
      group.payableItems.push(item);
      group.payableMinor += row.amountMinor;
    } else {
      group.pendingItems.push(item);
      group.pendingMinor += row.amountMinor;
    }
  }
  return [...groups.values()].map((g) => ({
    ...g,
    payable: minorToDecimalString(g.payableMinor, g.currency),
    pending: minorToDecimalString(g.pendingMinor, g.currency),
  }));
}

/** What the business owes, per connector and currency: payable (netted) and pending. Owner and team admins. */
export async function owedByConnector(db: Database, actor: Actor, businessId: number): Promise<OwedGroup[]> {
  await requirePayoutManager(db, actor, businessId);
  return toOwedGroups(await openItemsQuery(db, businessId));
}

/** The CSV for a bank's bulk upload: one row per connector and currency with something to pay now. */
export async function payableCsvRows(db: Database, actor: Actor, businessId: number) {
  const owed = await owedByConnector(db, actor, businessId);
  const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  const payable = owed.filter((g) => g.payableMinor > 0);
  // The bank file carries each connector's default method whole (issue 38): past the manager check above;
  // every currency's in one query.
  const methods = await loadPayingMethods(db, businessId, payable);
  return payable.map((g) => {
    const method = methods.get(g.currency)?.get(g.connectorId);
    return {
      connectorId: g.connectorId,
      connectorName: g.connectorName,
      connectorEmail: g.connectorEmail ?? "",
      currency: g.currency,
      amount: g.payable,
      commissionIds: g.payableItems.map((i) => i.commissionId).join(" "),
      reference: `WI-${businessId}-${g.connectorId}-${today}`,
      method: method ? detailColumns(method.details) : null,
      /** The method's details as stored, for a service's batch file (bank-files.server), never a column. */
      details: method?.details ?? null,
    };
  });
}
