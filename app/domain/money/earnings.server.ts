import { and, count, desc, eq, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import {
  businesses,
  CURRENCIES,
  type Currency,
  commissionEntries,
  commissions,
  connectorBalances,
  connectors,
  type LedgerEntryType,
  payouts,
  referrals,
} from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { forbidden, notFound } from "../../utils/errors.server";
import { minorToDecimalString } from "../../utils/money";
import { preparedSelect } from "../../utils/prepared-select.server";
import { pageFromUrl } from "../../utils/referral-filters";
import { actsAsConnector, type SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import { CURRENCY_INVALID, MONTH_INVALID, MONTH_PATTERN } from "../../validation/statements";
import { connectorIdOf } from "../parties/connectors.server";

/**
 * The connector's side of the money ledger (issue 17 section 3, decision 067): what they are owed
 * and were paid, per currency, and monthly statements read from the append-only entries. Every read
 * is scoped to the viewer's own connector profile (a subquery on the viewer), so a screen's reads
 * ride with the session lookup in one round trip and nobody else's ledger can appear.
 */

export const CONNECTOR_PROFILE_NOT_FOUND = "Connector profile not found";
export const BUSINESS_KEY_REFUSED = "Earnings are a connector's own: use a personal API key or sign in";
export const COMMISSIONS_PAGE_SIZE = 25;
export const PAYOUTS_SHOWN = 50;

/** The viewer's connector id as SQL (null without a profile: every read is then empty). */
const ownConnector = (kind: ViewerKind) => connectorIdOf(viewerIdSql(kind));

const profileSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({ id: connectors.id, name: connectors.name })
    .from(connectors)
    .where(eq(connectors.userId, viewerIdSql(kind))),
);

/** Per currency, the connector's balances as the triggers of migration 0022 keep them (decision 098). */
const balancesSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({
      currency: connectorBalances.currency,
      pendingMinor: connectorBalances.pendingMinor,
      payableMinor: connectorBalances.payableMinor,
      paidMinor: connectorBalances.paidMinor,
      owedMinor: connectorBalances.owedMinor,
    })
    .from(connectorBalances)
    .where(sql`${connectorBalances.connectorId} = ${ownConnector(kind)}`),
);

/** The balances statement alone: the dashboard card reads it in its own batch. */
export function ledgerBalancesQuery(db: Database, viewer: Viewer) {
  return balancesSelect(db, viewerKind(viewer), viewerValues(viewer));
}

const commissionsPageSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({
      id: commissions.id,
      referralId: commissions.referralId,
      kind: commissions.kind,
      status: commissions.status,
      currency: commissions.currency,
      amountMinor: commissions.amountMinor,
      payableAt: commissions.payableAt,
      paidAt: commissions.paidAt,
      reversedAt: commissions.reversedAt,
      reversalReason: commissions.reversalReason,
      adjustsCommissionId: commissions.adjustsCommissionId,
      payoutId: commissions.payoutId,
      createdAt: commissions.createdAt,
      referredPersonName: referrals.referredPersonName,
      businessName: businesses.companyName,
      payoutReference: payouts.reference,
    })
    .from(commissions)
    .innerJoin(referrals, eq(referrals.id, commissions.referralId))
    .innerJoin(businesses, eq(businesses.id, commissions.businessId))
    .leftJoin(payouts, eq(payouts.id, commissions.payoutId))
    .where(sql`${commissions.connectorId} = ${ownConnector(kind)}`)
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset")),
);

const commissionsCountSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({ n: count().as("commissions_n") })
    .from(commissions)
    .where(sql`${commissions.connectorId} = ${ownConnector(kind)}`),
);

const payoutsSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({
      id: payouts.id,
      paidAt: payouts.paidAt,
      businessName: businesses.companyName,
      currency: payouts.currency,
      amountMinor: payouts.amountMinor,
      method: payouts.method,
      reference: payouts.reference,
    })
    .from(payouts)
    .innerJoin(businesses, eq(businesses.id, payouts.businessId))
    .where(sql`${payouts.connectorId} = ${ownConnector(kind)}`)
    .orderBy(desc(payouts.paidAt), desc(payouts.id))
    .limit(sql.placeholder("limit")),
);

export type Balance = {
  currency: Currency;
  pendingMinor: number;
  payableMinor: number;
  paidMinor: number;
  owedMinor: number;
};

/**
 * The balances to show: pending, payable and paid are the sums of the commissions in that status (a
 * paid adjustment nets off the paid commission it clawed back), owed the sum of the entries (equal
 * to pending + payable while the ledger adds up, which the integration tests hold). Never summed
 * across currencies; currencies in the order of CURRENCIES, and one whose commissions were all
 * reversed has nothing to show.
 */
export function toBalances(rows: Balance[]): Balance[] {
  const by = new Map(rows.map((r) => [r.currency, r]));
  return CURRENCIES.flatMap((c) => {
    const b = by.get(c);
    return b && (b.pendingMinor || b.payableMinor || b.paidMinor || b.owedMinor) ? [b] : [];
  });
}

/** The public shape of a balance: minor units and decimal strings side by side. */
export function toBalanceDto(b: Balance) {
  const decimal = (minor: number) => minorToDecimalString(minor, b.currency);
  return {
    currency: b.currency,
    pendingMinor: b.pendingMinor,
    payableMinor: b.payableMinor,
    paidMinor: b.paidMinor,
    owedMinor: b.owedMinor,
    pending: decimal(b.pendingMinor),
    payable: decimal(b.payableMinor),
    paid: decimal(b.paidMinor),
    owed: decimal(b.owedMinor),
  };
}

/** The Earnings screen's statements, one batch riding with the session lookup. */
export function earningsQueries(db: Database, viewer: Viewer, url: URL) {
  const kind = viewerKind(viewer);
  const values = viewerValues(viewer);
  const { limit, offset } = pageFromUrl(url, COMMISSIONS_PAGE_SIZE);
  return [
    profileSelect(db, kind, values),
    balancesSelect(db, kind, values),
    commissionsPageSelect(db, kind, { ...values, limit, offset }),
    commissionsCountSelect(db, kind, values),
    payoutsSelect(db, kind, { ...values, limit: PAYOUTS_SHOWN }),
  ] as const;
}

/** The Earnings screen from earningsQueries' results; without a connector profile, nothing but that. */
export function toEarnings(
  url: URL,
  [profiles, balanceRows, commissionRows, counted, payoutRows]: BatchResponse<ReturnType<typeof earningsQueries>>,
) {
  const { page } = pageFromUrl(url, COMMISSIONS_PAGE_SIZE);
  const profile = profiles[0];
  if (!profile) return { hasProfile: false as const };
  return {
    hasProfile: true as const,
    connector: profile,
    balances: toBalances(balanceRows),
    commissions: commissionRows.map((c) => ({
      ...c,
      // Only a pending one has an expected date; the others say when they became payable or were paid.
      payableAt: c.payableAt.toISOString(),
      paidAt: c.paidAt?.toISOString() ?? null,
      reversedAt: c.reversedAt?.toISOString() ?? null,
      createdAt: c.createdAt.toISOString(),
    })),
    commissionsTotal: counted[0]?.n ?? 0,
    page,
    pageSize: COMMISSIONS_PAGE_SIZE,
    payouts: payoutRows.map((p) => ({ ...p, paidAt: p.paidAt.toISOString() })),
  };
}

export type EarningsData = ReturnType<typeof toEarnings>;

// ——— Statements ———

/** A month MONTH_PATTERN took ("2026-11") → its first instant in UTC and the next month's. */
export function monthPeriod(key: string) {
  const year = Number(key.slice(0, 4));
  const month = Number(key.slice(5, 7));
  return { key, start: Date.UTC(year, month - 1, 1), end: Date.UTC(year, month, 1) };
}

/** A calendar month in UTC (2000-01 to 2999-12) → its period; null when not such a month. */
export function parseMonth(value: string | null | undefined) {
  return value && MONTH_PATTERN.test(value) ? monthPeriod(value) : null;
}

export function parseCurrency(value: string | null | undefined): Currency | null {
  return (CURRENCIES as readonly string[]).includes(value ?? "") ? (value as Currency) : null;
}

export type StatementPeriod = NonNullable<ReturnType<typeof parseMonth>>;

/** Month and currency of a statement request, or the field messages of what is wrong with them. */
export function statementRequest(month: string | null | undefined, currency: string | null | undefined) {
  const period = parseMonth(month);
  const cur = parseCurrency(currency);
  const errors: Record<string, string[]> = {};
  if (!period) errors.month = [MONTH_INVALID];
  if (!cur) errors.currency = [CURRENCY_INVALID];
  if (!period || !cur) return { ok: false as const, errors };
  return { ok: true as const, period, currency: cur };
}

const openingSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({ opening: sql<number>`coalesce(sum(${commissionEntries.amountMinor}), 0)`.mapWith(Number).as("opening_total") })
    .from(commissionEntries)
    .where(
      and(
        sql`${commissionEntries.connectorId} = ${ownConnector(kind)}`,
        eq(commissionEntries.currency, sql.placeholder("currency")),
        sql`${commissionEntries.occurredAt} < ${sql.placeholder("start")}`,
      ),
    ),
);

const linesSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({
      entryId: sql<number>`${commissionEntries.id}`.mapWith(Number).as("entry_id"),
      occurredAt: commissionEntries.occurredAt,
      type: commissionEntries.type,
      amountMinor: commissionEntries.amountMinor,
      commissionId: commissionEntries.commissionId,
      payoutId: commissionEntries.payoutId,
      kind: commissions.kind,
      referralId: commissions.referralId,
      referredPersonName: referrals.referredPersonName,
      businessId: commissionEntries.businessId,
      businessName: businesses.companyName,
      payoutReference: payouts.reference,
    })
    .from(commissionEntries)
    .innerJoin(commissions, eq(commissions.id, commissionEntries.commissionId))
    .innerJoin(referrals, eq(referrals.id, commissions.referralId))
    .innerJoin(businesses, eq(businesses.id, commissionEntries.businessId))
    .leftJoin(payouts, eq(payouts.id, commissionEntries.payoutId))
    .where(
      and(
        sql`${commissionEntries.connectorId} = ${ownConnector(kind)}`,
        eq(commissionEntries.currency, sql.placeholder("currency")),
        sql`${commissionEntries.occurredAt} >= ${sql.placeholder("start")}`,
        sql`${commissionEntries.occurredAt} < ${sql.placeholder("end")}`,
      ),
    )
    .orderBy(commissionEntries.occurredAt, commissionEntries.id),
);

/** A statement's statements: the profile, the opening balance and the month's entries, one batch. */
export function statementQueries(db: Database, viewer: Viewer, period: StatementPeriod, currency: Currency) {
  const kind = viewerKind(viewer);
  const values = { ...viewerValues(viewer), currency, start: period.start, end: period.end };
  return [profileSelect(db, kind, values), openingSelect(db, kind, values), linesSelect(db, kind, values)] as const;
}

const LINE_LABELS: Record<LedgerEntryType, string> = {
  commission: "Commission",
  reversal: "Reversal",
  adjustment: "Adjustment",
  payout: "Payout",
  payout_voided: "Payout voided",
};

/**
 * The statement: opening balance (every entry before the month), the month's commissions (+),
 * reversals and adjustments (−) and payouts (− for what they paid, + for an adjustment they netted
 * off), and the closing balance, which is the opening plus the three (and the next month's opening).
 */
export function toStatement(
  period: StatementPeriod,
  currency: Currency,
  [profiles, opening, lines]: BatchResponse<ReturnType<typeof statementQueries>>,
) {
  const profile = profiles[0];
  if (!profile) return null;
  const openingMinor = opening[0]?.opening ?? 0;
  let commissionsMinor = 0;
  let reversalsAndAdjustmentsMinor = 0;
  let payoutsMinor = 0;
  for (const line of lines) {
    if (line.type === "commission") commissionsMinor += line.amountMinor;
    // A voided payout's entries reverse its payout entries (decision 187): they count among payouts.
    else if (line.type === "payout" || line.type === "payout_voided") payoutsMinor += line.amountMinor;
    else reversalsAndAdjustmentsMinor += line.amountMinor;
  }
  const closingMinor = openingMinor + commissionsMinor + reversalsAndAdjustmentsMinor + payoutsMinor;
  const decimal = (minor: number) => minorToDecimalString(minor, currency);
  return {
    connectorId: profile.id,
    connectorName: profile.name,
    month: period.key,
    currency,
    periodStart: new Date(period.start).toISOString(),
    periodEnd: new Date(period.end).toISOString(),
    openingBalanceMinor: openingMinor,
    commissionsMinor,
    reversalsAndAdjustmentsMinor,
    payoutsMinor,
    closingBalanceMinor: closingMinor,
    openingBalance: decimal(openingMinor),
    commissions: decimal(commissionsMinor),
    reversalsAndAdjustments: decimal(reversalsAndAdjustmentsMinor),
    payouts: decimal(payoutsMinor),
    closingBalance: decimal(closingMinor),
    lines: lines.map((l) => ({
      entryId: l.entryId,
      occurredAt: l.occurredAt.toISOString(),
      type: l.type,
      label: LINE_LABELS[l.type],
      commissionId: l.commissionId,
      referralId: l.referralId,
      referredPersonName: l.referredPersonName,
      businessId: l.businessId,
      businessName: l.businessName,
      payoutId: l.payoutId,
      payoutReference: l.payoutReference,
      amountMinor: l.amountMinor,
      amount: decimal(l.amountMinor),
    })),
  };
}

export type Statement = NonNullable<ReturnType<typeof toStatement>>;

// ——— The API side: the same reads, for the acting user ———

/**
 * Who may read earnings through the API: a person as their own connector (a session or a personal
 * key). A business key acts for its business, never as its maker's connector; platform admins are
 * not connectors.
 */
function requireEarningsReader(user: SessionUser) {
  if (!actsAsConnector(user)) throw forbidden(BUSINESS_KEY_REFUSED);
  if (user.isAdmin) throw notFound(CONNECTOR_PROFILE_NOT_FOUND);
}

/** GET /api/earnings: the balances per currency, from the reads of earningsBalanceQueries. */
export function earningsBalanceQueries(db: Database, viewer: Viewer) {
  const kind = viewerKind(viewer);
  const values = viewerValues(viewer);
  return [profileSelect(db, kind, values), balancesSelect(db, kind, values)] as const;
}

export function earningsForApi(
  user: SessionUser,
  [profiles, balanceRows]: BatchResponse<ReturnType<typeof earningsBalanceQueries>>,
) {
  requireEarningsReader(user);
  const profile = profiles[0];
  if (!profile) throw notFound(CONNECTOR_PROFILE_NOT_FOUND);
  return { connectorId: profile.id, balances: toBalances(balanceRows).map(toBalanceDto) };
}

export function statementForApi(
  user: SessionUser,
  period: StatementPeriod,
  currency: Currency,
  results: BatchResponse<ReturnType<typeof statementQueries>>,
) {
  requireEarningsReader(user);
  const statement = toStatement(period, currency, results);
  if (!statement) throw notFound(CONNECTOR_PROFILE_NOT_FOUND);
  return statement;
}
