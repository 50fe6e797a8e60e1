import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  COMMISSION_KINDS,
  COMMISSION_REVERSAL_REASONS,
  COMMISSION_STATUSES,
  CURRENCIES,
  LEDGER_ENTRY_TYPES,
  PAYOUT_METHODS,
} from "../enums";
import { users } from "./accounts";
import { businesses, connectors } from "./businesses";
import { createdAt, reference } from "./columns";
import { referrals } from "./referrals";

/** The money ledger: commissions, their entries, balances and payouts. */

/**
 * The money ledger (issue 17, decision 063). A commission is what a completed referral with revenue
 * earns its connector, in the revenue's currency and that currency's minor units (JPY has none). At
 * most one commission per referral stands (`superseded_at` null); a change to the referral supersedes
 * it (reversal while unpaid, an adjustment row once paid) and creates the new one. Triggers written by
 * hand in migration 0013 refuse paying a commission that is not payable (or into a payout of another
 * business, connector or currency) and any edit or delete of an entry.
 */
export const commissions = sqliteTable(
  "commissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    referralId: reference("referral_id", () => referrals.id).notNull(),
    connectorId: reference("connector_id", () => connectors.id).notNull(),
    businessId: reference("business_id", () => businesses.id).notNull(),
    kind: text("kind", { enum: COMMISSION_KINDS }).notNull().default("commission"),
    status: text("status", { enum: COMMISSION_STATUSES }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    // Minor units of `currency`; negative for an adjustment.
    amountMinor: integer("amount_minor").notNull(),
    // What it was computed from (null on an adjustment): the revenue in minor units and the percentage.
    revenueMinor: integer("revenue_minor"),
    cashbackBasisPoints: integer("cashback_basis_points"),
    holdDays: integer("hold_days").notNull(),
    payableAt: integer("payable_at", { mode: "timestamp_ms" }).notNull(),
    // An adjustment names the paid commission it claws back (one each).
    adjustsCommissionId: integer("adjusts_commission_id"),
    // When a reversal or an adjustment took its place (null: it stands).
    supersededAt: integer("superseded_at", { mode: "timestamp_ms" }),
    reversedAt: integer("reversed_at", { mode: "timestamp_ms" }),
    reversalReason: text("reversal_reason", { enum: COMMISSION_REVERSAL_REASONS }),
    payoutId: reference("payout_id", () => payouts.id),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("commissions_standing_referral_unique")
      .on(t.referralId)
      .where(sql`${t.kind} = 'commission' and ${t.supersededAt} is null`),
    uniqueIndex("commissions_adjusts_unique").on(t.adjustsCommissionId),
    index("commissions_referral_idx").on(t.referralId),
    // Covering: what a business owes, per connector and currency (Payouts).
    index("commissions_business_idx").on(t.businessId, t.status, t.connectorId, t.currency, t.amountMinor),
    // The scheduled job's sweep (pending past payable_at) and the overdue payables (payable since long).
    // Earnings lists a connector's commissions newest first without sorting them all.
    index("commissions_connector_created_idx").on(t.connectorId, t.createdAt, t.id),
    // GET /api/commissions lists a connector's or a business's newest first by id: the index's rowid
    // order, so a page and its total read a narrow index without sorting thousands (decision 094).
    index("commissions_connector_newest_idx").on(t.connectorId),
    index("commissions_business_newest_idx").on(t.businessId),
    index("commissions_status_payable_idx").on(t.status, t.payableAt),
    index("commissions_payout_idx").on(t.payoutId),
  ],
);

/** Append-only: every change to what is owed is a row here; balances are sums of `amount_minor`. */
export const commissionEntries = sqliteTable(
  "commission_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    commissionId: reference("commission_id", () => commissions.id).notNull(),
    // Copied from the commission so statements read entries alone.
    connectorId: integer("connector_id").notNull(),
    businessId: integer("business_id").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    type: text("type", { enum: LEDGER_ENTRY_TYPES }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    payoutId: reference("payout_id", () => payouts.id),
    // When it counts in a statement: the change's time, or a payout's paid date.
    occurredAt: integer("occurred_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("commission_entries_commission_idx").on(t.commissionId),
    // Statements: a connector's entries per currency in time order.
    index("commission_entries_connector_idx").on(t.connectorId, t.currency, t.occurredAt),
    index("commission_entries_business_idx").on(t.businessId, t.connectorId, t.currency),
    // A voided payout's items (decision 187): its commissions no longer point at it, its entries do.
    index("commission_entries_payout_idx").on(t.payoutId).where(sql`${t.payoutId} is not null`),
  ],
);

/**
 * A connector's balances per currency, kept by triggers on commissions and commission_entries
 * (migration 0022, decision 098): pending, payable and paid are the sums of the commissions in that
 * status, owed the sum of the entries. Earnings and the dashboard read one row per currency instead
 * of summing a connector's whole history on every view.
 */
export const connectorBalances = sqliteTable(
  "connector_balances",
  {
    connectorId: integer("connector_id").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    pendingMinor: integer("pending_minor").notNull().default(0),
    payableMinor: integer("payable_minor").notNull().default(0),
    paidMinor: integer("paid_minor").notNull().default(0),
    owedMinor: integer("owed_minor").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.connectorId, t.currency] })],
);

/** A payment a business made to a connector, in one currency, settling the commissions it lists. */
export const payouts = sqliteTable(
  "payouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessId: reference("business_id", () => businesses.id).notNull(),
    connectorId: reference("connector_id", () => connectors.id).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    reference: text("reference").notNull(),
    // The date the money was sent, as the business records it (UTC midnight of that day).
    paidAt: integer("paid_at", { mode: "timestamp_ms" }).notNull(),
    recordedByUserId: reference("recorded_by_user_id", () => users.id, "set null"),
    createdAt: createdAt(),
    // A payout recorded in error, voided within 7 days (issue 38 part 4, decision 187): kept, never deleted.
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    voidedByUserId: reference("voided_by_user_id", () => users.id, "set null"),
    voidReason: text("void_reason"),
  },
  (t) => [index("payouts_business_idx").on(t.businessId, t.paidAt), index("payouts_connector_idx").on(t.connectorId, t.paidAt)],
);

/**
 * A connector's request to be paid what a business owes them in one currency (issue 38 part 2,
 * decision 191): the payable balance when asked and the day it is due (asked + the business's payout
 * terms). A payout to that connector in that currency settles it. At most one open request per
 * business, connector and currency (the partial unique index: two racing requests, one wins).
 */
export const payoutRequests = sqliteTable(
  "payout_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessId: reference("business_id", () => businesses.id).notNull(),
    connectorId: reference("connector_id", () => connectors.id).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    requestedByUserId: reference("requested_by_user_id", () => users.id, "set null"),
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
    dueAt: integer("due_at", { mode: "timestamp_ms" }).notNull(),
    payoutId: reference("payout_id", () => payouts.id),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("payout_requests_open_unique").on(t.businessId, t.connectorId, t.currency).where(sql`${t.payoutId} is null`),
    index("payout_requests_due_idx").on(t.dueAt).where(sql`${t.payoutId} is null`),
    index("payout_requests_connector_idx").on(t.connectorId, t.requestedAt),
  ],
);

export type PayoutRequest = typeof payoutRequests.$inferSelect;
export type Commission = typeof commissions.$inferSelect;
export type CommissionEntry = typeof commissionEntries.$inferSelect;
export type Payout = typeof payouts.$inferSelect;
