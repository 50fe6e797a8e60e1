import { and, eq, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  businesses,
  type Commission,
  type CommissionEntry,
  type CommissionReversalReason,
  type Currency,
  commissionEntries,
  commissions,
  type ReferralStatus,
} from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { conflict, errorText } from "../../utils/errors.server";
import { hundredthsToMinor, minorToDecimalString } from "../../utils/money";
import { placeholders, preparedWrite } from "../../utils/prepared-select.server";
import { effectStatements } from "../effects/effects.server";
import { preparedIdEvent } from "../effects/webhook-outbox.server";
import { commissionRateOf, type Commission as Earned, type EarningColumns, referralCommission } from "./commission";

/**
 * The write side of the money ledger (issue 17, decision 063): what a referral's change does to its
 * commission. Every statement joins the batch of the change itself, and each is guarded so that a
 * concurrent change (a payout, another update) makes the whole batch fail instead of writing a
 * ledger that does not add up: see `ledgerConflict`.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The commission that stands for a referral (not superseded), as the ledger needs it. */
export type StandingCommission = Pick<Commission, "id" | "status" | "amountMinor" | "currency">;

/**
 * What the ledger needs to know before a referral changes, as columns of a select that joins the
 * referral's business and LEFT JOINs `commissions` on standingCommissionJoin (requireReferralUpdater
 * reads them with the referral, in its one statement). Aliased: a D1 batch maps rows by column name.
 */
export const ledgerContextColumns = {
  ledgerHoldDays: sql<number>`${businesses.holdDays}`.as("l_hold_days"),
  ledgerStandingId: sql<number | null>`${commissions.id}`.as("l_standing_id"),
  ledgerStandingStatus: sql<Commission["status"] | null>`${commissions.status}`.as("l_standing_status"),
  ledgerStandingAmountMinor: sql<number | null>`${commissions.amountMinor}`.as("l_standing_amount_minor"),
  ledgerStandingCurrency: sql<Currency | null>`${commissions.currency}`.as("l_standing_currency"),
};
export type LedgerContextRow = {
  ledgerHoldDays: number | null;
  ledgerStandingId: number | null;
  ledgerStandingStatus: Commission["status"] | null;
  ledgerStandingAmountMinor: number | null;
  ledgerStandingCurrency: Currency | null;
};

/**
 * The join of the commission that stands for `referralId` (at most one: a partial unique index). The
 * kind is written in, not bound: it is the index's own condition, and prepared selects take no literal.
 */
export function standingCommissionJoin(referralId: SQLWrapper) {
  return and(eq(commissions.referralId, referralId), sql`${commissions.kind} = 'commission'`, isNull(commissions.supersededAt));
}

/** The hold and the standing commission, from ledgerContextColumns. */
export function toLedgerContext(row: LedgerContextRow | undefined): { holdDays: number; standing: StandingCommission | null } {
  const standing: StandingCommission | null =
    row?.ledgerStandingId != null &&
    row.ledgerStandingStatus &&
    row.ledgerStandingCurrency &&
    row.ledgerStandingAmountMinor != null
      ? {
          id: row.ledgerStandingId,
          status: row.ledgerStandingStatus,
          amountMinor: row.ledgerStandingAmountMinor,
          currency: row.ledgerStandingCurrency,
        }
      : null;
  return { holdDays: row?.ledgerHoldDays ?? 30, standing };
}

export type LedgerChange = {
  referral: { id: number; connectorId: number; businessId: number } & EarningColumns;
  standing: StandingCommission | null;
  holdDays: number;
  /** The referral after the change. */
  next: { status: ReferralStatus; revenueHundredths: number | null; currency: Currency };
  now: Date;
};

/** The commission a referral in this state earns (the lifecycle's one formula); null when it earns none. */
export function commissionDue(next: LedgerChange["next"], referral: EarningColumns): Earned | null {
  if (next.status !== "completed") return null;
  const earned = referralCommission(referral, next.revenueHundredths, next.currency);
  return earned && earned.amountMinor > 0 ? earned : null;
}

/**
 * The statements that bring the ledger in line with the referral after a change: the standing
 * commission is superseded when the referral no longer earns exactly it (reversed while unpaid; an
 * adjustment once paid), and a new one is created when it earns one and none stands. Nothing is
 * written when the commission still stands as it is (a note or a status round trip).
 */
export function commissionChangeStatements(db: Database, change: LedgerChange): BatchItem<"sqlite">[] {
  const { referral, standing, next, now, holdDays } = change;
  const due = commissionDue(next, referral);
  const statements: BatchItem<"sqlite">[] = [];
  const keeps = standing && due !== null && standing.amountMinor === due.amountMinor && standing.currency === due.currency;
  if (standing && !keeps) {
    const reason: CommissionReversalReason = due === null ? "left_completed" : "revenue_changed";
    statements.push(...supersedeStatements(db, referral.businessId, referral.connectorId, standing, reason, now));
  }
  if (due !== null && !keeps) {
    const payableAt = new Date(now.getTime() + holdDays * DAY_MS);
    const status = holdDays === 0 ? "payable" : "pending";
    const ids = { referralId: referral.id, connectorId: referral.connectorId, businessId: referral.businessId };
    statements.push(
      commissionInsert(db, null, {
        ...ids,
        status,
        currency: due.currency,
        amountMinor: due.amountMinor,
        // In the commission's currency: none recorded when a flat fee is paid in another currency.
        revenueMinor:
          next.revenueHundredths === null || next.currency !== due.currency
            ? null
            : hundredthsToMinor(next.revenueHundredths, next.currency),
        cashbackBasisPoints: commissionRateOf(referral),
        holdDays,
        payableAt,
        createdAt: now,
      }),
      commissionEntryInsert(db, null, { ...ids, currency: due.currency, amountMinor: due.amountMinor, at: now.getTime() }),
      ...commissionCreatedEvent(db, {
        businessId: referral.businessId,
        connectorId: referral.connectorId,
        type: "commission.created",
        idValues: { standingReferralId: referral.id },
        data: {
          id: null,
          referralId: referral.id,
          connectorId: referral.connectorId,
          businessId: referral.businessId,
          kind: "commission",
          status,
          amountMinor: due.amountMinor,
          amount: minorToDecimalString(due.amountMinor, due.currency),
          currency: due.currency,
          payableAt: payableAt.toISOString(),
        },
      }),
    );
  }
  return statements;
}

// A new commission's statements, built once (decision 089): every revenue recorded runs them.
const standingOf = (referralId: SQLWrapper) =>
  sql`${commissions.referralId} = ${referralId} and ${commissions.kind} = 'commission' and ${commissions.supersededAt} is null`;
const commissionInsert = preparedWrite((db, _: null) =>
  db.insert(commissions).values({
    ...placeholders(
      "referralId",
      "connectorId",
      "businessId",
      "status",
      "currency",
      "amountMinor",
      "revenueMinor",
      "cashbackBasisPoints",
      "holdDays",
      "payableAt",
      "createdAt",
    ),
    kind: sql`'commission'`,
  } as unknown as typeof commissions.$inferInsert),
);
const commissionEntryInsert = preparedWrite((db, _: null) =>
  db
    .insert(commissionEntries)
    .select(
      sql`select null, ${commissions.id}, ${sql.placeholder("connectorId")}, ${sql.placeholder("businessId")}, ${sql.placeholder("currency")}, 'commission', ${sql.placeholder("amountMinor")}, null, ${sql.placeholder("at")}, ${sql.placeholder("at")} from ${commissions} where ${standingOf(sql.placeholder("referralId"))}`,
    ),
);
const commissionCreatedEvent = preparedIdEvent(
  sql`(select ${commissions.id} from ${commissions} where ${standingOf(sql.placeholder("standingReferralId"))})`,
);

/**
 * An unpaid commission is reversed (its reversal entry takes the amount back); a paid one gets an
 * adjustment, a negative commission payable at once, that the next payout nets off. The first
 * statement of each reads the commission through a guard that yields NULL into a NOT NULL column
 * when the commission is no longer as it was read, so a payout or update that raced ahead makes the
 * whole batch fail (ledgerConflict) rather than reverse what was paid meanwhile.
 */
function supersedeStatements(
  db: Database,
  businessId: number,
  connectorId: number,
  standing: StandingCommission,
  reason: CommissionReversalReason,
  now: Date,
): BatchItem<"sqlite">[] {
  const at = now.getTime();
  const event = (adjustment: Record<string, unknown> | null) =>
    effectStatements(db, {
      events: [
        {
          businessId,
          connectorId,
          type: "commission.reversed",
          data: {
            id: standing.id,
            previousStatus: standing.status,
            reason,
            amountMinor: standing.amountMinor,
            amount: minorToDecimalString(standing.amountMinor, standing.currency),
            currency: standing.currency,
            adjustment,
          },
        },
      ],
    });
  const values = { standingId: standing.id, reason, at, now };
  if (standing.status === "pending" || standing.status === "payable") {
    const guarded = { ...values, standingStatus: standing.status };
    return [reversalEntryInsert(db, null, guarded), reversalUpdate(db, null, guarded), ...event(null)];
  }
  // Paid (a reversed commission never stands).
  return [
    adjustmentInsert(db, null, values),
    adjustmentEntryInsert(db, null, values),
    adjustedUpdate(db, null, values),
    ...event({ amountMinor: -standing.amountMinor, amount: minorToDecimalString(-standing.amountMinor, standing.currency) }),
  ];
}

// Superseding statements, built once (decision 089). `at` is epoch ms (a raw select's column), `now`
// the same instant for a timestamp column.
const standingId = sql.placeholder("standingId");
const at = sql.placeholder("at");
const unpaidGuard = sql`${commissions.id} = ${standingId} and ${commissions.status} = ${sql.placeholder("standingStatus")} and ${commissions.supersededAt} is null`;
const reversalEntryInsert = preparedWrite((db, _: null) =>
  db
    .insert(commissionEntries)
    .select(
      sql`select null, (select ${commissions.id} from ${commissions} where ${unpaidGuard}), ${commissions.connectorId}, ${commissions.businessId}, ${commissions.currency}, 'reversal', -${commissions.amountMinor}, null, ${at}, ${at} from ${commissions} where ${commissions.id} = ${standingId}`,
    ),
);
const reversalUpdate = preparedWrite((db, _: null) =>
  db
    .update(commissions)
    .set({
      status: sql`'reversed'`,
      reversedAt: sql.placeholder("now"),
      reversalReason: sql.placeholder("reason"),
      supersededAt: sql.placeholder("now"),
    } as unknown as Partial<Commission>)
    .where(unpaidGuard),
);
const paidGuard = sql`${commissions.id} = ${standingId} and ${commissions.status} = 'paid' and ${commissions.supersededAt} is null`;
const adjustmentInsert = preparedWrite((db, _: null) =>
  db
    .insert(commissions)
    .select(
      sql`select null, (select ${commissions.referralId} from ${commissions} where ${paidGuard}), ${commissions.connectorId}, ${commissions.businessId}, 'adjustment', 'payable', ${commissions.currency}, -${commissions.amountMinor}, null, null, 0, ${at}, ${commissions.id}, null, null, ${sql.placeholder("reason")}, null, null, ${at} from ${commissions} where ${commissions.id} = ${standingId}`,
    ),
);
const adjustmentEntryInsert = preparedWrite((db, _: null) =>
  db
    .insert(commissionEntries)
    .select(
      sql`select null, ${commissions.id}, ${commissions.connectorId}, ${commissions.businessId}, ${commissions.currency}, 'adjustment', ${commissions.amountMinor}, null, ${at}, ${at} from ${commissions} where ${commissions.adjustsCommissionId} = ${standingId}`,
    ),
);
const adjustedUpdate = preparedWrite((db, _: null) =>
  db
    .update(commissions)
    .set({ supersededAt: sql.placeholder("now") } as unknown as Partial<Commission>)
    .where(paidGuard),
);

/**
 * A batch refused by one of the ledger's guards (a NOT NULL guard, the one-standing-commission
 * index, the paid trigger): someone else changed the same money first. Nothing was written.
 */
export function ledgerConflict(error: unknown) {
  if (/commission/i.test(errorText(error)))
    return conflict("This referral's commission changed while you were saving. Reload and try again.");
  return null;
}

/** The public shape of a commission entry. */
export function toCommissionEntryDto(entry: CommissionEntry) {
  return {
    id: entry.id,
    type: entry.type,
    amountMinor: entry.amountMinor,
    amount: minorToDecimalString(entry.amountMinor, entry.currency),
    currency: entry.currency,
    payoutId: entry.payoutId,
    occurredAt: entry.occurredAt.toISOString(),
  };
}

/** The public shape of a commission (GET /api/commissions, webhooks, screens). */
export function toCommissionDto(commission: Commission, entries: CommissionEntry[] = []) {
  return {
    id: commission.id,
    referralId: commission.referralId,
    connectorId: commission.connectorId,
    businessId: commission.businessId,
    kind: commission.kind,
    status: commission.status,
    amountMinor: commission.amountMinor,
    amount: minorToDecimalString(commission.amountMinor, commission.currency),
    currency: commission.currency,
    revenueMinor: commission.revenueMinor,
    cashbackPercentage: commission.cashbackBasisPoints === null ? null : commission.cashbackBasisPoints / 100,
    holdDays: commission.holdDays,
    payableAt: commission.payableAt.toISOString(),
    paidAt: commission.paidAt?.toISOString() ?? null,
    payoutId: commission.payoutId,
    reversedAt: commission.reversedAt?.toISOString() ?? null,
    reversalReason: commission.reversalReason,
    adjustsCommissionId: commission.adjustsCommissionId,
    createdAt: commission.createdAt.toISOString(),
    entries: entries.map(toCommissionEntryDto),
  };
}

export type CommissionDto = ReturnType<typeof toCommissionDto>;
