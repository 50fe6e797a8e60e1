import { and, asc, eq, lt, notExists, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { businesses, businessReputations, connectorReputations, connectors, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { preparedWrite } from "../../utils/prepared-select.server";
import { payablesOverdueCountSql } from "../money/payables.server";
import { workplaceIdOf } from "../parties/access.server";

/**
 * Reputation on both sides (issue 16, decision 061). The scheduled job keeps one row per business and
 * per connector (business_reputations, connector_reputations) with the counts behind each figure;
 * screens and the API read that row with a LEFT JOIN in the statements they already send, and shape
 * it here. Every figure is about referrals made in the last 12 months.
 */
export const REPUTATION_WINDOW_DAYS = 365;
/** A figure is shown only once this many referrals are behind it; below, the side is "new". */
export const REPUTATION_MIN_REFERRALS = 5;
/** Figures older than this are recomputed even if nothing changed, as the 12-month window slides. */
export const REPUTATION_REFRESH_MS = 24 * 60 * 60 * 1000;
/** At most this many businesses and this many connectors are recomputed per scheduled run. */
export const REPUTATIONS_PER_RUN = 40;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type BusinessReputation = {
  status: "new" | "rated";
  /** Referrals received in the last 12 months, confirmed by their connector and consented to by their person. */
  referralCount: number;
  /** Of those, the ones the business has decided on (left pending at least once). */
  decidedCount: number;
  /** Median hours from consent (or creation, before consent existed) to the first decision. */
  medianHoursToDecision: number | null;
  /** Share (0..1) of the decided referrals that are approved or completed now. */
  acceptedShare: number | null;
  /** Share (0..1) of the decided referrals first decided by their review deadline. */
  decidedInTimeShare: number | null;
  /**
   * Its commissions payable for more than 30 days and still unpaid (issue 17, decision 069): a fact,
   * not a rate, so it is shown whether or not the business is rated yet.
   */
  payablesOverdue: number;
};

export type ConnectorReputation = {
  status: "new" | "rated";
  /** Referrals the connector made (or confirmed) in the last 12 months whose person consented. */
  referralCount: number;
  /** Share (0..1) of those that are completed. */
  completedShare: number | null;
};

/** The stored counts of a business, as read with a LEFT JOIN (all null without a row yet). */
export type BusinessReputationRow = {
  repReferralCount: number | null;
  repDecidedCount: number | null;
  repAcceptedCount: number | null;
  repInWindowCount: number | null;
  repMedianMs: number | null;
  repPayablesOverdue: number | null;
};
export type ConnectorReputationRow = { crepReferralCount: number | null; crepCompletedCount: number | null };

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

export function toBusinessReputation(row: BusinessReputationRow | null | undefined): BusinessReputation {
  const decided = row?.repDecidedCount ?? 0;
  const base = { referralCount: row?.repReferralCount ?? 0, decidedCount: decided };
  const payablesOverdue = row?.repPayablesOverdue ?? 0;
  if (!row || decided < REPUTATION_MIN_REFERRALS || row.repMedianMs === null) {
    return {
      status: "new",
      ...base,
      medianHoursToDecision: null,
      acceptedShare: null,
      decidedInTimeShare: null,
      payablesOverdue,
    };
  }
  return {
    status: "rated",
    ...base,
    medianHoursToDecision: Math.round((row.repMedianMs / HOUR_MS) * 10) / 10,
    acceptedShare: share(row.repAcceptedCount ?? 0, decided),
    decidedInTimeShare: share(row.repInWindowCount ?? 0, decided),
    payablesOverdue,
  };
}

export function toConnectorReputation(row: ConnectorReputationRow | null | undefined): ConnectorReputation {
  const count = row?.crepReferralCount ?? 0;
  if (count < REPUTATION_MIN_REFERRALS) return { status: "new", referralCount: count, completedShare: null };
  return { status: "rated", referralCount: count, completedShare: share(row?.crepCompletedCount ?? 0, count) };
}

/**
 * The business's reputation columns for a select that LEFT JOINs business_reputations
 * (`businessReputationJoin`). Aliased: a D1 batch maps rows by column name.
 */
export const businessReputationColumns = {
  repReferralCount: sql<number | null>`${businessReputations.referralCount}`.as("rep_referral_count"),
  repDecidedCount: sql<number | null>`${businessReputations.decidedCount}`.as("rep_decided_count"),
  repAcceptedCount: sql<number | null>`${businessReputations.acceptedCount}`.as("rep_accepted_count"),
  repInWindowCount: sql<number | null>`${businessReputations.decidedInWindowCount}`.as("rep_in_window_count"),
  repMedianMs: sql<number | null>`${businessReputations.medianDecisionMs}`.as("rep_median_ms"),
  repPayablesOverdue: sql<number | null>`${businessReputations.payablesOverdueCount}`.as("rep_payables_overdue"),
};
export const businessReputationJoin = (businessId: SQLWrapper) => eq(businessReputations.businessId, businessId);

export const connectorReputationColumns = {
  crepReferralCount: sql<number | null>`${connectorReputations.referralCount}`.as("crep_referral_count"),
  crepCompletedCount: sql<number | null>`${connectorReputations.completedCount}`.as("crep_completed_count"),
};
export const connectorReputationJoin = (connectorId: SQLWrapper) => eq(connectorReputations.connectorId, connectorId);

/** One business's reputation on its own (for answers that have no batch to ride in). */
export async function getBusinessReputation(db: Database, businessId: number): Promise<BusinessReputation> {
  const row = await db
    .select(businessReputationColumns)
    .from(businessReputations)
    .where(eq(businessReputations.businessId, businessId))
    .get();
  return toBusinessReputation(row);
}

/** The reputation of the business the user works for (see access.server workplaceIdOf), unexecuted. */
export function workplaceReputationQuery(db: Database, userId: number) {
  return db
    .select(businessReputationColumns)
    .from(businessReputations)
    .where(eq(businessReputations.businessId, workplaceIdOf(sql`${userId}`)));
}

/**
 * Marks the business's and the connector's figures as due (computed_at 0, the oldest there is), so
 * the next scheduled run recomputes them first; inserts an empty row for a side that has none yet.
 * For the batch of a write that changes what the figures count (a new referral, a decision).
 */
export function reputationStaleStatements(db: Database, ids: { businessId: number; connectorId: number }): BatchItem<"sqlite">[] {
  return [businessStale(db, null, { businessId: ids.businessId }), connectorStale(db, null, { connectorId: ids.connectorId })];
}

// Built once (decision 089): every referral made or decided marks both. Due at epoch 0, written in
// (a prepared write binds only placeholders).
const DUE = sql`0`;
const businessStale = preparedWrite((db, _: null) =>
  db
    .insert(businessReputations)
    .values({
      businessId: sql.placeholder("businessId"),
      referralCount: sql`0`,
      decidedCount: sql`0`,
      acceptedCount: sql`0`,
      decidedInWindowCount: sql`0`,
      medianDecisionMs: sql`null`,
      payablesOverdueCount: sql`0`,
      computedAt: DUE,
    })
    .onConflictDoUpdate({ target: businessReputations.businessId, set: { computedAt: DUE } }),
);
const connectorStale = preparedWrite((db, _: null) =>
  db
    .insert(connectorReputations)
    .values({ connectorId: sql.placeholder("connectorId"), referralCount: sql`0`, completedCount: sql`0`, computedAt: DUE })
    .onConflictDoUpdate({ target: connectorReputations.connectorId, set: { computedAt: DUE } }),
);

const ms = (column: SQLWrapper) => sql`${column}`;

/**
 * What a figure counts (issue 33, part 7; decision 130): a referral its connector made or confirmed
 * (a business's registration awaiting the connector counts for no one) and that its person consented
 * to. Neither side can farm the figures: a business key registering referrals in a connector's name,
 * or approving referrals nobody agreed to, moves no one's figures.
 */
const counted = sql`${referrals.connectorConfirmation} = 'confirmed' and ${referrals.consentStatus} = 'given'`;

/**
 * When the business could first decide: consent given, or (referrals from before consent existed,
 * grandfathered as given without a date) creation.
 */
const startedAt = sql`coalesce(${referrals.consentDecidedAt}, ${referrals.createdAt})`;

/**
 * `days` business days (Monday to Friday, UTC) after the epoch-ms `from`, in SQL, as
 * app/utils/business-days.ts addBusinessDays computes it: a weekend start moves to the Monday at the
 * same time, then whole weeks are 7 days and a remainder that crosses a weekend skips it.
 */
export function addBusinessDaysSql(from: SQLWrapper, days: SQLWrapper): SQL<number> {
  const dow = sql`cast(strftime('%w', ${from} / 1000, 'unixepoch') as integer)`;
  const shift = sql`(case ${dow} when 6 then 2 when 0 then 1 else 0 end)`;
  const weekday = sql`(case when ${dow} in (0, 6) then 1 else ${dow} end)`;
  const n = sql`max(0, cast(${days} as integer))`;
  const calendarDays = sql`(${shift} + (${n} / 5) * 7 + (${n} % 5) + (case when ${weekday} + (${n} % 5) > 5 then 2 else 0 end))`;
  return sql<number>`(${from} + ${calendarDays} * ${DAY_MS})`;
}

/**
 * The decision deadline: the review clock when the referral has one, else the business's response
 * window counted from when it could first decide (referrals from before the clock existed).
 */
const deadline = sql`coalesce(${referrals.reviewDueAt}, ${addBusinessDaysSql(startedAt, businesses.responseWindowDays)})`;

/**
 * Recomputes one business's figures into business_reputations, as one INSERT … SELECT (no read
 * back). Counted: its referrals created since `since` that are `counted` (confirmed by their
 * connector and consented to: declines are the person's answer, not the business's decision). The median is read with
 * ORDER BY … LIMIT 1 or 2 OFFSET (n - 1) / 2 over the decided ones, on the (business_id, created_at)
 * index.
 */
function businessRecompute(db: Database, businessId: number, since: Date, now: Date) {
  const scope = sql`${referrals.businessId} = ${businessId} and ${referrals.createdAt} >= ${since.getTime()}
    and ${counted}`;
  const decided = sql`${scope} and ${referrals.firstDecidedAt} is not null`;
  const duration = sql`max(0, ${ms(referrals.firstDecidedAt)} - ${startedAt})`;
  const decidedCount = sql`(select count(*) from ${referrals} where ${decided})`;
  // Columns in the table's order (Drizzle's INSERT … SELECT names them all).
  return db
    .insert(businessReputations)
    .select(sql`select ${businessId},
      (select count(*) from ${referrals} where ${scope}),
      ${decidedCount},
      (select count(*) from ${referrals} where ${decided} and ${referrals.status} in ('approved', 'completed')),
      (select count(*) from ${referrals} inner join ${businesses} on ${businesses.id} = ${referrals.businessId}
        where ${decided} and ${referrals.firstDecidedAt} <= ${deadline}),
      (select cast(round(avg(d)) as integer) from (select ${duration} as d from ${referrals} where ${decided}
        order by d limit 2 - ${decidedCount} % 2 offset (${decidedCount} - 1) / 2)),
      ${now.getTime()},
      ${payablesOverdueCountSql(sql`${businessId}`, now.getTime())}
    where exists (select 1 from ${businesses} where ${businesses.id} = ${businessId})`)
    .onConflictDoUpdate({
      target: businessReputations.businessId,
      set: {
        referralCount: sql`excluded.referral_count`,
        decidedCount: sql`excluded.decided_count`,
        acceptedCount: sql`excluded.accepted_count`,
        decidedInWindowCount: sql`excluded.decided_in_window_count`,
        medianDecisionMs: sql`excluded.median_decision_ms`,
        computedAt: sql`excluded.computed_at`,
        payablesOverdueCount: sql`excluded.payables_overdue_count`,
      },
    });
}

/** One connector's figures: referrals made since `since` that are `counted`, and how many of them are completed. */
function connectorRecompute(db: Database, connectorId: number, since: Date, now: Date) {
  const scope = sql`${referrals.connectorId} = ${connectorId} and ${referrals.createdAt} >= ${since.getTime()}
    and ${counted}`;
  return db
    .insert(connectorReputations)
    .select(sql`select ${connectorId},
      (select count(*) from ${referrals} where ${scope}),
      (select count(*) from ${referrals} where ${scope} and ${referrals.status} = 'completed'),
      ${now.getTime()}
    where exists (select 1 from ${connectors} where ${connectors.id} = ${connectorId})`)
    .onConflictDoUpdate({
      target: connectorReputations.connectorId,
      set: {
        referralCount: sql`excluded.referral_count`,
        completedCount: sql`excluded.completed_count`,
        computedAt: sql`excluded.computed_at`,
      },
    });
}

/**
 * The scheduled job's part (decision 061): recomputes, per run, at most REPUTATIONS_PER_RUN
 * businesses and as many connectors: first those marked due by a write (computed_at 0), then those
 * without a row yet, then those computed more than a day ago (the window slides). One round trip
 * picks them, one batch recomputes them; each recompute reads one business's or connector's last 12
 * months through its (…_id, created_at) index, so a run's cost does not grow with the table.
 */
export async function refreshReputations(db: Database, now = new Date(), limit = REPUTATIONS_PER_RUN) {
  const stale = new Date(now.getTime() - REPUTATION_REFRESH_MS);
  const [dueBusinesses, newBusinesses, dueConnectors, newConnectors] = await db.batch([
    db
      .select({ id: businessReputations.businessId })
      .from(businessReputations)
      .where(lt(businessReputations.computedAt, stale))
      .orderBy(asc(businessReputations.computedAt))
      .limit(limit),
    db
      .select({ id: businesses.id })
      .from(businesses)
      .where(
        notExists(db.select({ one: sql`1` }).from(businessReputations).where(eq(businessReputations.businessId, businesses.id))),
      )
      .limit(limit),
    db
      .select({ id: connectorReputations.connectorId })
      .from(connectorReputations)
      .where(lt(connectorReputations.computedAt, stale))
      .orderBy(asc(connectorReputations.computedAt))
      .limit(limit),
    db
      .select({ id: connectors.id })
      .from(connectors)
      .where(
        and(
          notExists(
            db.select({ one: sql`1` }).from(connectorReputations).where(eq(connectorReputations.connectorId, connectors.id)),
          ),
        ),
      )
      .limit(limit),
  ]);
  const pick = (first: { id: number }[], then: { id: number }[]) =>
    [...new Set([...first, ...then].map((r) => r.id))].slice(0, limit);
  const businessIds = pick(dueBusinesses, newBusinesses);
  const connectorIds = pick(dueConnectors, newConnectors);
  const since = new Date(now.getTime() - REPUTATION_WINDOW_DAYS * DAY_MS);
  const statements = [
    ...businessIds.map((id) => businessRecompute(db, id, since, now)),
    ...connectorIds.map((id) => connectorRecompute(db, id, since, now)),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return { businesses: businessIds.length, connectors: connectorIds.length };
}
