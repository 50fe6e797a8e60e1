import { asc, eq, getTableColumns, lt, notExists, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { businesses, businessReputations, connectorReputations, connectors, disputes, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { payablesOverdueCountSql } from "../money/payables.server";
import { payoutRequestsOverdueCountSql } from "../money/payout-requests.server";
import type { SystemActor } from "../parties/system.server";

/**
 * Reputation on both sides (issue 16, decision 061). The scheduled job keeps one row per business and
 * per connector (business_reputations, connector_reputations) with the counts behind each figure;
 * screens and the API read that row with a LEFT JOIN in the statements they already send
 * (parties/reputation-view.server.ts shapes it); a write marks it due (effects/reputation-due.server.ts),
 * and this module recomputes it. Every figure is about referrals made in the last 12 months.
 */
export const REPUTATION_WINDOW_DAYS = 365;
/** Figures older than this are recomputed even if nothing changed, as the 12-month window slides. */
export const REPUTATION_REFRESH_MS = 24 * 60 * 60 * 1000;
/** At most this many businesses and this many connectors are recomputed per scheduled run. */
export const REPUTATIONS_PER_RUN = 40;

const DAY_MS = 24 * 60 * 60 * 1000;
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
 * A recompute's upsert SET: every column of the reputation row but its key, from the row the
 * INSERT … SELECT proposed (`excluded`), so a figure added to the table is refreshed too.
 */
function upsertFromExcluded<T extends SQLiteTable>(table: T, key: SQLiteColumn): SQLiteUpdateSetSource<T> {
  const figures = Object.entries(getTableColumns(table)).filter(([, column]) => column !== key);
  // Keyed by the table's own column names, which Object.fromEntries cannot say.
  return Object.fromEntries(
    figures.map(([name, column]) => [name, sql.raw(`excluded.${column.name}`)]),
  ) as SQLiteUpdateSetSource<T>;
}
const BUSINESS_FIGURES_UPSERT = upsertFromExcluded(businessReputations, businessReputations.businessId);
const CONNECTOR_FIGURES_UPSERT = upsertFromExcluded(connectorReputations, connectorReputations.connectorId);

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
      ${payablesOverdueCountSql(sql`${businessId}`, now.getTime())},
      ${payoutRequestsOverdueCountSql(sql`${businessId}`, now.getTime())},
      ${disputeCounts(disputes.businessId, businessId, since)}
    where exists (select 1 from ${businesses} where ${businesses.id} = ${businessId})`)
    .onConflictDoUpdate({
      target: businessReputations.businessId,
      set: BUSINESS_FIGURES_UPSERT,
    });
}

/**
 * Disputes raised by a connector, or against a business, in the window, and those settled in the
 * connector's favour (upheld by an admin, or accepted by the business): issue 38, decision 194.
 */
function disputeCounts(party: SQLiteColumn, id: number, since: Date) {
  const scope = sql`${party} = ${id} and ${disputes.createdAt} >= ${since.getTime()}`;
  return sql`(select count(*) from ${disputes} where ${scope}),
      (select count(*) from ${disputes} where ${scope} and ${disputes.status} in ('upheld', 'business_accepted'))`;
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
      ${now.getTime()},
      ${disputeCounts(disputes.connectorId, connectorId, since)}
    where exists (select 1 from ${connectors} where ${connectors.id} = ${connectorId})`)
    .onConflictDoUpdate({
      target: connectorReputations.connectorId,
      set: CONNECTOR_FIGURES_UPSERT,
    });
}

type IdColumn = AnySQLiteColumn<{ data: number; notNull: true }>;
type RefreshKind = {
  subjects: SQLiteTable;
  id: IdColumn;
  reputations: typeof businessReputations | typeof connectorReputations;
  /** The reputation row's key: the subject's id. */
  subjectId: IdColumn;
};
const BUSINESSES: RefreshKind = {
  subjects: businesses,
  id: businesses.id,
  reputations: businessReputations,
  subjectId: businessReputations.businessId,
};
const CONNECTORS: RefreshKind = {
  subjects: connectors,
  id: connectors.id,
  reputations: connectorReputations,
  subjectId: connectorReputations.connectorId,
};

/**
 * refreshReputations' picks of one kind, unexecuted: the subjects whose row was computed before
 * `stale`, oldest first, and those without a row yet.
 */
function refreshCandidates(db: Database, kind: RefreshKind, stale: Date, limit: number) {
  const { subjects, id, reputations, subjectId } = kind;
  return [
    db
      .select({ id: subjectId })
      .from(reputations)
      .where(lt(reputations.computedAt, stale))
      .orderBy(asc(reputations.computedAt))
      .limit(limit),
    db
      .select({ id })
      .from(subjects)
      .where(notExists(db.select({ one: sql`1` }).from(reputations).where(eq(subjectId, id))))
      .limit(limit),
  ] as const;
}

/**
 * The scheduled job's part (decision 061): recomputes, per run, at most REPUTATIONS_PER_RUN
 * businesses and as many connectors: first those marked due by a write (computed_at 0), then those
 * without a row yet, then those computed more than a day ago (the window slides). One round trip
 * picks them, one batch recomputes them; each recompute reads one business's or connector's last 12
 * months through its (…_id, created_at) index, so a run's cost does not grow with the table.
 */
export async function refreshReputations(db: Database, _system: SystemActor, now = new Date(), limit = REPUTATIONS_PER_RUN) {
  const stale = new Date(now.getTime() - REPUTATION_REFRESH_MS);
  const [dueBusinesses, newBusinesses, dueConnectors, newConnectors] = await db.batch([
    ...refreshCandidates(db, BUSINESSES, stale, limit),
    ...refreshCandidates(db, CONNECTORS, stale, limit),
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
