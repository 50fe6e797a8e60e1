import { and, count, desc, eq, gte, ne, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import {
  type AccountType,
  businesses,
  type Currency,
  connectors,
  type Referral,
  type ReferralStatus,
  referralCounts,
  referralMonths,
  referralStatusChanges,
  referrals,
  users,
} from "../../db/schema";
import type { Database } from "../utils/db.server";
import { AppError, conflict, forbidden, notFound } from "../utils/errors.server";
import {
  basisPointsToPercent,
  computeFee,
  formatAmount,
  fromHundredths,
  percentToBasisPoints,
  toHundredths,
} from "../utils/money";
import { preparedSelect } from "../utils/prepared-select.server";
import { actsAsConnector, type SessionUser } from "../utils/session.server";
import { containsPattern, likeEscaped } from "../utils/sql.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../utils/viewer.server";
import type { ProgressInput, ReferralInput } from "../validation/referral";
import { businessRoleOf, workplaceIdOf } from "./access.server";
import { activityInsert } from "./activity.server";
import { connectorIdOf, getConnectorByUserId } from "./connectors.server";
import { emailInsert } from "./email.server";
import { notificationInsert } from "./notifications.server";
import { webhookEventStatements } from "./webhooks.server";

export const DUPLICATE_WINDOW_DAYS = 90;
export const DUPLICATE_REFERRAL =
  "This person has already been referred to this business in the last 90 days. Please check with the business before referring again.";
export const CONNECTOR_PROFILE_NOT_FOUND = "Connector profile not found";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
/** Digits only, so "+65 9123-4567" and "6591234567" are the same person. */
export const normalisePhone = (phone: string) => phone.replace(/\D/g, "");

const connectorUser = alias(users, "connector_user");
const connectorBusiness = alias(businesses, "connector_business");

/**
 * One referral with what every screen shows of it: business name and connector details. The joined
 * columns carry their own names because in a D1 batch Drizzle maps rows by column name, and the
 * joined tables share names (id, user_id, name, company_name), which shifted the values.
 */
const referralColumns = {
  referral: referrals,
  businessName: sql<string>`${businesses.companyName}`.as("r_business_name"),
  businessOwnerId: sql<number>`${businesses.userId}`.as("r_business_owner_id"),
  connectorName: sql<string>`${connectors.name}`.as("r_connector_name"),
  connectorEmail: sql<string | null>`${connectors.email}`.as("r_connector_email"),
  connectorPhone: sql<string | null>`${connectors.phone}`.as("r_connector_phone"),
  connectorUserId: sql<number>`${connectors.userId}`.as("r_connector_user_id"),
  connectorUsername: sql<string>`${connectorUser.username}`.as("r_connector_username"),
  connectorAccountType: sql<AccountType>`${connectorUser.accountType}`.as("r_connector_account_type"),
  connectorBusinessId: sql<number | null>`${connectorBusiness.id}`.as("r_connector_business_id"),
  connectorCompanyName: sql<string | null>`${connectorBusiness.companyName}`.as("r_connector_company_name"),
};

function referralQuery(db: Database) {
  return db
    .select(referralColumns)
    .from(referrals)
    .innerJoin(businesses, eq(businesses.id, referrals.businessId))
    .innerJoin(connectors, eq(connectors.id, referrals.connectorId))
    .innerJoin(connectorUser, eq(connectorUser.id, connectors.userId))
    .leftJoin(connectorBusiness, eq(connectorBusiness.userId, connectors.userId));
}

type ReferralRow = Awaited<ReturnType<ReturnType<typeof referralQuery>["all"]>>[number];

/** A referral's own columns as the API shows them: percent and amounts as numbers, dates as ISO. */
function referralFields(r: Omit<Referral, "id">) {
  return {
    connectorId: r.connectorId,
    businessId: r.businessId,
    referredPersonName: r.referredPersonName,
    referredPersonEmail: r.referredPersonEmail,
    referredPersonPhone: r.referredPersonPhone,
    cashbackPercentage: basisPointsToPercent(r.cashbackBasisPoints),
    notes: r.notes,
    status: r.status,
    revenueReceived: r.revenueReceived === null ? null : fromHundredths(r.revenueReceived),
    revenueCurrency: r.revenueCurrency,
    statusNotes: r.statusNotes,
    feeAmount: r.feeAmount === null ? null : fromHundredths(r.feeAmount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The API and screen shape of a referral (SPEC section 3): percent and amounts as numbers. */
export function toReferralDto(row: ReferralRow) {
  return {
    id: row.referral.id,
    ...referralFields(row.referral),
    businessName: row.businessName,
    connectorName: row.connectorName,
    connectorEmail: row.connectorEmail,
    connectorPhone: row.connectorPhone,
    connectorAccountType: row.connectorAccountType,
    connectorCompanyName: row.connectorCompanyName,
  };
}
export type ReferralDto = ReturnType<typeof toReferralDto>;

/** The business view adds the SPEC's connector, connectorUser and connectorBusiness objects. */
export function toEnrichedReferralDto(row: ReferralRow) {
  return {
    ...toReferralDto(row),
    connector: { id: row.referral.connectorId, name: row.connectorName, email: row.connectorEmail, phone: row.connectorPhone },
    connectorUser: { id: row.connectorUserId, username: row.connectorUsername, accountType: row.connectorAccountType },
    connectorBusiness: row.connectorBusinessId ? { id: row.connectorBusinessId, companyName: row.connectorCompanyName } : null,
  };
}

/**
 * Whose referrals: a connector's or a business's by id, the viewer's own connector profile or
 * workplace (subqueries, so a screen fetches everything in one batch), or, empty, everyone's.
 */
export type ReferralScope = { connectorId?: number; businessId?: number; connectorOf?: Viewer; workplaceOf?: Viewer };
/** A scope as the prepared statements' shape: whose referrals, and how their id is known. */
type ScopeKind = { owner: "connector" | "business" | "platform"; by: "id" | ViewerKind };
export type ReferralSort = "createdAt" | "revenue" | "fee" | "status";
export type ReferralListQuery = {
  q?: string;
  status?: ReferralStatus;
  limit: number;
  offset: number;
  /** Default: newest first. The admin console sorts by the other columns too. */
  sort?: ReferralSort;
  dir?: "asc" | "desc";
};

const referralSortColumns = {
  createdAt: sql`${referrals.createdAt}`,
  revenue: sql`coalesce(${referrals.revenueReceived}, 0)`,
  fee: sql`coalesce(${referrals.feeAmount}, 0)`,
  status: sql`${referrals.status}`,
} satisfies Record<ReferralSort, SQL>;

function referralOrder(query: Pick<ReferralListQuery, "sort" | "dir">): SQL[] {
  const column = referralSortColumns[query.sort ?? "createdAt"];
  const dir = query.dir === "asc" ? sql`asc` : sql`desc`;
  return [sql`${column} ${dir}`, query.dir === "asc" ? sql`${referrals.id} asc` : desc(referrals.id)];
}

function scopeKind(scope: ReferralScope): ScopeKind {
  if (scope.connectorId !== undefined) return { owner: "connector", by: "id" };
  if (scope.businessId !== undefined) return { owner: "business", by: "id" };
  if (scope.connectorOf) return { owner: "connector", by: viewerKind(scope.connectorOf) };
  if (scope.workplaceOf) return { owner: "business", by: viewerKind(scope.workplaceOf) };
  return { owner: "platform", by: "id" };
}
/** The prepared statements' values for the scope: its id, or the viewer's. */
function scopeValues(scope: ReferralScope) {
  const viewer = scope.connectorOf ?? scope.workplaceOf;
  return { scopeId: scope.connectorId ?? scope.businessId ?? null, ...(viewer ? viewerValues(viewer) : {}) };
}
type FilterShape = { scope: ScopeKind; q: boolean; status: boolean };
function filterShape(scope: ReferralScope, query: Pick<ReferralListQuery, "q" | "status">): FilterShape {
  return { scope: scopeKind(scope), q: Boolean(query.q), status: Boolean(query.status) };
}
function filterValues(scope: ReferralScope, query: Pick<ReferralListQuery, "q" | "status">) {
  return {
    ...scopeValues(scope),
    status: query.status ?? null,
    pattern: query.q ? containsPattern(query.q) : null,
  };
}

const scopeId = sql.placeholder("scopeId");
/** The scope's connector or business id: the bound id, or the viewer's own profile or workplace. */
function scopeOwnerId({ owner, by }: ScopeKind): SQL {
  if (owner === "platform") return sql`0`;
  if (by === "id") return sql`${scopeId}`;
  return owner === "connector" ? connectorIdOf(viewerIdSql(by)) : workplaceIdOf(viewerIdSql(by));
}

function scopeCondition(kind: ScopeKind): SQL | undefined {
  if (kind.owner === "platform") return undefined;
  return sql`${kind.owner === "connector" ? referrals.connectorId : referrals.businessId} = ${scopeOwnerId(kind)}`;
}

/** The scope's rows of referral_counts (kept by triggers, decision 036); owner 0 is the platform. */
function countsCondition(kind: ScopeKind): SQL {
  return sql`${referralCounts.ownerKind} = ${sql.raw(`'${kind.owner}'`)} and ${referralCounts.ownerId} = ${scopeOwnerId(kind)}`;
}

function filterCondition(shape: FilterShape) {
  const parts: (SQL | undefined)[] = [scopeCondition(shape.scope)];
  if (shape.status) parts.push(eq(referrals.status, sql.placeholder("status")));
  if (shape.q) parts.push(likeEscaped(referrals.referredPersonName, sql.placeholder("pattern")));
  return and(...parts);
}

/**
 * A page of referrals (newest first), the filtered total, and the per-status counts of the whole
 * scope, fetched in one round trip (a D1 batch).
 */
export async function listReferrals(db: Database, scope: ReferralScope, query: ReferralListQuery) {
  const [rows, totals, byStatus] = await db.batch([
    ...referralPageQueries(db, scope, query),
    referralStatusCountsQuery(db, scope),
  ]);
  return { items: rows.map(toReferralDto), total: totals[0]?.total ?? 0, stats: toStats(byStatus) };
}

/** A page of referrals and the filtered total, without the per-status counts (one round trip). */
export async function listReferralPage(db: Database, scope: ReferralScope, query: ReferralListQuery) {
  const [rows, totals] = await db.batch(referralPageQueries(db, scope, query));
  return { items: rows.map(toReferralDto), total: totals[0]?.total ?? 0 };
}

const statusCountsSelect = preparedSelect((db, kind: ScopeKind) =>
  db
    .select({ status: referralCounts.status, n: sql<number>`sum(${referralCounts.n})`.mapWith(Number).as("status_n") })
    .from(referralCounts)
    .where(countsCondition(kind))
    .groupBy(referralCounts.status),
);

/** How many referrals of the scope there are per status (a few rows of referral_counts). */
export function referralStatusCountsQuery(db: Database, scope: ReferralScope) {
  return statusCountsSelect(db, scopeKind(scope), scopeValues(scope));
}

/** One page of the filtered referrals and the filtered total (no per-status counts), unexecuted. */
export function referralPageQueries(db: Database, scope: ReferralScope, query: ReferralListQuery) {
  return [referralPageQuery(db, scope, query), referralCountQuery(db, scope, query)] as const;
}

const referralPageSelect = preparedSelect((db, shape: FilterShape & Pick<ReferralListQuery, "sort" | "dir">) =>
  referralQuery(db)
    .where(filterCondition(shape))
    .orderBy(...referralOrder(shape))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset")),
);

export function referralPageQuery(db: Database, scope: ReferralScope, query: ReferralListQuery) {
  return referralPageSelect(
    db,
    { ...filterShape(scope, query), sort: query.sort ?? "createdAt", dir: query.dir ?? "desc" },
    { ...filterValues(scope, query), limit: query.limit, offset: query.offset },
  );
}

const referralCountSelect = preparedSelect((db, shape: FilterShape) =>
  db.select({ total: count() }).from(referrals).where(filterCondition(shape)),
);

const countersTotalSelect = preparedSelect((db, kind: ScopeKind) =>
  db
    .select({ total: sql<number>`coalesce(sum(${referralCounts.n}), 0)`.mapWith(Number).as("total") })
    .from(referralCounts)
    .where(countsCondition(kind)),
);

/**
 * The filtered total; without a filter, read from referral_counts instead of counting the rows.
 * (Screens with the per-status counts skip it unfiltered: see filteredCountQueries.)
 */
export function referralCountQuery(db: Database, scope: ReferralScope, query: Pick<ReferralListQuery, "q" | "status">) {
  if (!query.q && !query.status) return countersTotalSelect(db, scopeKind(scope), scopeValues(scope));
  return referralCountSelect(db, filterShape(scope, query), filterValues(scope, query));
}

/**
 * A screen's count statement, only when it filters: without a search or status filter the total is
 * the per-status counts' sum, so the screen's batch goes without it (see listTotal).
 */
export function filteredCountQueries(db: Database, scope: ReferralScope, query: Pick<ReferralListQuery, "q" | "status">) {
  return query.q || query.status ? [referralCountQuery(db, scope, query)] : [];
}

/** The list's total: the filtered count when filteredCountQueries sent one, else the counts' sum. */
export function listTotal(stats: { total: number }, counted: { total: number }[][]): number {
  return counted.length ? (counted[0]?.[0]?.total ?? 0) : stats.total;
}

/**
 * Completed referrals of the scope per revenue currency, with their fee and revenue sums, from
 * referral_counts. Unexecuted, for a caller's batch (with referralStatusCountsQuery).
 */
const earningsSelect = preparedSelect((db, kind: ScopeKind) =>
  db
    .select({
      currency: referralCounts.currency,
      n: referralCounts.n,
      fees: referralCounts.fees,
      revenue: referralCounts.revenue,
    })
    .from(referralCounts)
    // A currency whose last completed referral moved on keeps a row with n = 0.
    .where(and(countsCondition(kind), eq(referralCounts.status, sql.placeholder("completed")), sql`${referralCounts.n} > 0`)),
);

export function referralEarningsQuery(db: Database, scope: ReferralScope) {
  return earningsSelect(db, scopeKind(scope), { ...scopeValues(scope), completed: "completed" });
}
type EarningsRow = Awaited<ReturnType<typeof referralEarningsQuery>>[number];

export function toStats(rows: { status: ReferralStatus; n: number }[]) {
  const stats = { total: 0, pending: 0, approved: 0, completed: 0, rejected: 0 };
  for (const r of rows) {
    stats[r.status] += r.n;
    stats.total += r.n;
  }
  return stats;
}

/** Completed fees (and revenue) per currency, largest fees first: never summed across currencies. */
export function toEarnings(rows: EarningsRow[]) {
  return rows
    .slice()
    .sort((a, b) => b.fees - a.fees)
    .map((r) => ({
      currency: r.currency as Currency,
      fees: fromHundredths(r.fees),
      revenue: fromHundredths(r.revenue),
      count: r.n,
    }));
}

/** The UTC start of each of the last `months` calendar months, oldest first. */
function monthStarts(months: number, now: Date): number[] {
  return Array.from({ length: months }, (_, i) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1) + i, 1));
}

const monthKey = (start: number) => new Date(start).toISOString().slice(0, 7);

/**
 * A connector's referrals per calendar month (UTC) from the first of `months` months on, read from
 * referral_months (kept by triggers, decision 036): a few rows whatever the number of referrals.
 */
const perMonthSelect = preparedSelect((db, kind: ScopeKind) => {
  if (kind.owner !== "connector") throw new Error(`Months are kept per connector, not per ${kind.owner}`);
  return db
    .select({ month: referralMonths.month, n: referralMonths.n })
    .from(referralMonths)
    .where(
      and(sql`${referralMonths.connectorId} = ${scopeOwnerId(kind)}`, gte(referralMonths.month, sql.placeholder("firstMonth"))),
    );
});

export function perMonthQuery(db: Database, scope: ReferralScope, months = 6, now = new Date()) {
  const [first = 0] = monthStarts(months, now);
  return perMonthSelect(db, scopeKind(scope), { ...scopeValues(scope), firstMonth: monthKey(first) });
}

/** perMonthQuery's rows as `{ month: "YYYY-MM", count }`, oldest first, zero-filled (later months count in the last). */
export function toPerMonth(rows: { month: string; n: number }[], months = 6, now = new Date()) {
  const keys = monthStarts(months, now).map(monthKey);
  const counts = new Map<string, number>();
  const last = keys[keys.length - 1] ?? "";
  for (const row of rows) {
    const key = row.month > last ? last : row.month;
    counts.set(key, (counts.get(key) ?? 0) + row.n);
  }
  return keys.map((month) => ({ month, count: counts.get(month) ?? 0 }));
}

export async function getReferralRow(db: Database, id: number) {
  return referralQuery(db).where(eq(referrals.id, id)).get();
}

/**
 * Who sees a referral: its connector, the business's owner and team, and platform admins.
 * Anyone else gets 404, as if it did not exist.
 */
export async function requireReferralViewer(db: Database, viewer: SessionUser, id: number) {
  const row = await getReferralRow(db, id);
  if (!row) throw notFound("Referral not found");
  if (viewer.isAdmin || (row.connectorUserId === viewer.id && actsAsConnector(viewer)))
    return { row, role: viewer.isAdmin ? "admin" : "connector" } as const;
  const role = await businessRoleOf(db, viewer, row.referral.businessId);
  if (!role) throw notFound("Referral not found");
  return { row, role } as const;
}

/**
 * Only the business's owner and team update a referral. Its connector and platform admins, who may
 * see it, get 403; anyone else 404.
 */
export async function requireReferralUpdater(db: Database, actor: SessionUser, id: number) {
  const row = await getReferralRow(db, id);
  if (!row) throw notFound("Referral not found");
  const role = await businessRoleOf(db, actor, row.referral.businessId);
  if (role) return { row, role };
  if (actor.isAdmin || row.connectorUserId === actor.id) throw forbidden("Only the business can update this referral");
  throw notFound("Referral not found");
}

export type UpdatableReferral = Awaited<ReturnType<typeof requireReferralUpdater>>;

export async function referralHistory(db: Database, referralId: number) {
  const rows = await db
    .select({
      id: referralStatusChanges.id,
      fromStatus: referralStatusChanges.fromStatus,
      toStatus: referralStatusChanges.toStatus,
      note: referralStatusChanges.note,
      createdAt: referralStatusChanges.createdAt,
      changedByName: users.name,
    })
    .from(referralStatusChanges)
    .leftJoin(users, eq(users.id, referralStatusChanges.changedByUserId))
    .where(eq(referralStatusChanges.referralId, referralId))
    .orderBy(referralStatusChanges.createdAt, referralStatusChanges.id);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Who a referral is credited to. A person (or their personal key) refers as their own connector
 * profile. A business key records a referral its own systems received (a CRM, a web form) for the
 * connector named by `connectorId`, into its own business only.
 */
async function referringConnector(db: Database, actor: SessionUser, input: ReferralInput) {
  if (actor.isAdmin) throw forbidden("Platform admins cannot make referrals");
  if (!actsAsConnector(actor)) {
    if (input.businessId !== actor.apiKey?.businessId) {
      throw forbidden("A business API key can only create referrals for its own business");
    }
    if (input.connectorId === undefined) {
      throw new AppError(422, "connectorId is required with a business API key", { connectorId: ["Please choose a connector"] });
    }
    const named = await db.select().from(connectors).where(eq(connectors.id, input.connectorId)).get();
    if (!named) throw new AppError(422, "Connector not found", { connectorId: ["Connector not found"] });
    return named;
  }
  const connector = await getConnectorByUserId(db, actor.id);
  if (!connector) throw new AppError(422, CONNECTOR_PROFILE_NOT_FOUND);
  if (input.connectorId !== undefined && input.connectorId !== connector.id) {
    throw forbidden("You can only make referrals as your own connector profile");
  }
  return connector;
}

/** What webhook consumers get of a referral: its own fields and the two names. */
function referralWebhookData(r: Omit<Referral, "id">, businessName: string, connectorName: string) {
  return { ...referralFields(r), businessName, connectorName };
}

/**
 * A connector refers someone to a business (see referringConnector for who the connector is); the
 * referral starts pending; the referral, its first history row, the webhook event and the activity
 * entry land together.
 */
export async function createReferral(db: Database, actor: SessionUser, input: ReferralInput): Promise<ReferralDto> {
  const connector = await referringConnector(db, actor, input);
  const business = await db
    .select({ id: businesses.id, companyName: businesses.companyName })
    .from(businesses)
    .where(eq(businesses.id, input.businessId))
    .get();
  if (!business) throw new AppError(422, "Business not found", { businessId: ["Business not found"] });
  if (actsAsConnector(actor) && (await businessRoleOf(db, actor, business.id))) {
    throw new AppError(422, "You cannot refer people to a business you work for", {
      businessId: ["You cannot refer people to a business you work for"],
    });
  }

  const emailKey = normaliseEmail(input.referredPersonEmail);
  const phoneKey = normalisePhone(input.referredPersonPhone);
  const since = new Date(Date.now() - DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const duplicate = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.businessId, business.id),
        or(eq(referrals.referredEmailKey, emailKey), eq(referrals.referredPhoneKey, phoneKey)),
        ne(referrals.status, "rejected"),
        gte(referrals.createdAt, since),
      ),
    )
    .limit(1)
    .get();
  if (duplicate) throw conflict(DUPLICATE_REFERRAL);

  const now = new Date();
  const values = {
    connectorId: connector.id,
    businessId: business.id,
    referredPersonName: input.referredPersonName,
    referredPersonEmail: input.referredPersonEmail,
    referredPersonPhone: input.referredPersonPhone,
    referredEmailKey: emailKey,
    referredPhoneKey: phoneKey,
    cashbackBasisPoints: percentToBasisPoints(input.cashbackPercentage),
    notes: input.notes ?? null,
    status: "pending" as const,
    revenueReceived: null,
    revenueCurrency: "SGD" as const,
    statusNotes: null,
    feeAmount: null,
    createdAt: now,
    updatedAt: now,
  };
  const [inserted] = await db.batch([
    db.insert(referrals).values(values).returning({ id: referrals.id }),
    // Same batch, same connection: last_insert_rowid() is the referral just inserted.
    db.insert(referralStatusChanges).values({
      referralId: sql`last_insert_rowid()`,
      fromStatus: null,
      toStatus: "pending",
      note: null,
      changedByUserId: actor.id,
      createdAt: now,
    }),
    // ...and now last_insert_rowid() is that history row, which names the referral.
    ...webhookEventStatements(db, {
      businessId: business.id,
      type: "referral.created",
      data: referralWebhookData(values, business.companyName, connector.name),
      idSql: sql`(select ${referralStatusChanges.referralId} from ${referralStatusChanges} where ${referralStatusChanges.id} = last_insert_rowid())`,
    }),
    activityInsert(db, {
      action: "Referral created",
      details: `${connector.name} referred ${input.referredPersonName} to ${business.companyName}`,
      activityType: "referral_created",
      userId: actor.id,
      businessId: business.id,
    }),
  ]);
  const id = inserted[0]?.id;
  const row = id === undefined ? undefined : await getReferralRow(db, id);
  if (!row) throw new Error("referral vanished after insert");
  return toReferralDto(row);
}

const STATUS_ACTIVITY = {
  approved: { type: "referral_approved", action: "Referral approved" },
  rejected: { type: "referral_rejected", action: "Referral rejected" },
  completed: { type: "referral_completed", action: "Referral completed" },
} as const;

const STATUS_LABEL: Record<ReferralStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  completed: "Completed",
  rejected: "Rejected",
};

/**
 * The business (owner or any team member) records progress. Any status may follow any other (SPEC),
 * but every update is recorded with who, when, from, to and the note; the fee is recomputed here from
 * the revenue and the referral's percentage; the connector gets a notification and an email. All of it
 * lands in one batch. `updatable` is what requireReferralUpdater granted, so the caller authorizes
 * once (before reading the input) and the referral is not read twice.
 */
export async function updateReferralProgress(
  db: Database,
  actor: SessionUser,
  updatable: UpdatableReferral,
  input: ProgressInput,
) {
  const { row } = updatable;
  const id = row.referral.id;
  const before = row.referral;
  const revenue =
    input.revenueReceived === undefined || input.revenueReceived === null ? null : toHundredths(input.revenueReceived);
  const fee = revenue === null ? null : computeFee(revenue, before.cashbackBasisPoints);
  const now = new Date();
  const note = input.statusNotes ?? null;
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(referrals)
      .set({
        status: input.status,
        revenueReceived: revenue,
        revenueCurrency: input.revenueCurrency,
        statusNotes: note,
        feeAmount: fee,
        updatedAt: now,
      })
      .where(eq(referrals.id, id)),
    db.insert(referralStatusChanges).values({
      referralId: id,
      fromStatus: before.status,
      toStatus: input.status,
      note,
      changedByUserId: actor.id,
      createdAt: now,
    }),
  ];
  if (input.status !== before.status && input.status !== "pending") {
    const activity = STATUS_ACTIVITY[input.status];
    statements.push(
      activityInsert(db, {
        action: activity.action,
        details: `${before.referredPersonName} (referred by ${row.connectorName}) is now ${STATUS_LABEL[input.status]}`,
        activityType: activity.type,
        userId: actor.id,
        businessId: before.businessId,
      }),
    );
  }
  const title =
    input.status === before.status
      ? `${row.businessName} updated your referral of ${before.referredPersonName}`
      : `Your referral of ${before.referredPersonName} is now ${STATUS_LABEL[input.status]}`;
  const body = [
    `${row.businessName}: ${STATUS_LABEL[before.status]} → ${STATUS_LABEL[input.status]}`,
    fee !== null ? `Fee: ${input.revenueCurrency} ${formatAmount(fee)}` : null,
    note ? `Note: ${note}` : null,
  ]
    .filter(Boolean)
    .join(". ");
  statements.push(notificationInsert(db, { userId: row.connectorUserId, title, body, link: `/referrals/${id}`, referralId: id }));
  if (row.connectorEmail) statements.push(emailInsert(db, { to: row.connectorEmail, subject: title, body }));
  if (input.status !== before.status) {
    const after = {
      ...before,
      status: input.status,
      revenueReceived: revenue,
      revenueCurrency: input.revenueCurrency,
      statusNotes: note,
      feeAmount: fee,
      updatedAt: now,
    };
    statements.push(
      ...webhookEventStatements(db, {
        businessId: before.businessId,
        type: "referral.status_changed",
        data: { id, previousStatus: before.status, ...referralWebhookData(after, row.businessName, row.connectorName) },
      }),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const updated = await getReferralRow(db, id);
  if (!updated) throw notFound("Referral not found");
  return toEnrichedReferralDto(updated);
}

const topReferrersSelect = preparedSelect((db, kind: ScopeKind) =>
  db
    .select({
      connectorId: referrals.connectorId,
      connectorName: connectors.name,
      currency: referrals.revenueCurrency,
      revenue: sql<number>`coalesce(sum(${referrals.revenueReceived}), 0)`,
      fees: sql<number>`coalesce(sum(${referrals.feeAmount}), 0)`,
      referralCount: count(),
    })
    .from(referrals)
    .innerJoin(connectors, eq(connectors.id, referrals.connectorId))
    .where(and(scopeCondition(kind), eq(referrals.status, sql.placeholder("completed"))))
    .groupBy(referrals.connectorId, referrals.revenueCurrency)
    .orderBy(desc(sql`sum(${referrals.revenueReceived})`), referrals.connectorId)
    .limit(sql.placeholder("limit")),
);

/**
 * Top performing referrers of a business: up to 5 (connector, currency) pairs ranked by completed
 * revenue. Sums never mix currencies: a connector with revenue in two currencies appears per currency.
 * Unexecuted, for a caller's batch; scope: businessId or workplaceOf.
 */
export function topReferrersQuery(db: Database, scope: ReferralScope, limit = 5) {
  return topReferrersSelect(db, scopeKind(scope), { ...scopeValues(scope), completed: "completed", limit });
}

export function toTopReferrers(rows: Awaited<ReturnType<typeof topReferrersQuery>>) {
  return rows.map((r) => ({ ...r, revenue: fromHundredths(r.revenue), fees: fromHundredths(r.fees) }));
}
