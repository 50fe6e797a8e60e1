import { and, asc, type Column, count, desc, eq, isNull, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { type AccountType, businesses, connectors, referralCounts, teamMembers, users } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { fromHundredths } from "../../utils/money";
import { preparedSelect } from "../../utils/prepared-select.server";
import { containsText } from "../../utils/sql.server";
import { type AdminActor, requireAdmin } from "../parties/acting-admin.server";

const containsAny = (needle: SQLWrapper, ...columns: (Column | SQL)[]) => or(...columns.map((c) => containsText(c, needle)));

export type SortDirection = "asc" | "desc";
const order = (column: SQL | Parameters<typeof asc>[0], dir: SortDirection) => (dir === "asc" ? asc(column) : desc(column));

/**
 * A row's referral totals, read from `referral_counts` (kept by the referral triggers, decision 036:
 * per owner, status and currency, the count and the sums of fees and revenue) as one column of the
 * page's own query: a few primary-key rows per owner, packed as JSON (`[[status, currency, n,
 * revenue, fees], …]`). One walk of the page (decision 083): a separate totals query walked the
 * page's filter, order and slice a second time, and sent one result row per status and currency.
 */
function referralTotalsColumn(kind: "connector" | "business", ownerId: SQL | Parameters<typeof eq>[0]) {
  // The kind is one of two constants, written into the SQL (a prepared select binds only placeholders).
  return sql<string | null>`(select json_group_array(json_array(c.status, c.currency, c.n, c.revenue, c.fees))
    from ${referralCounts} c where c.owner_kind = ${sql.raw(`'${kind}'`)} and c.owner_id = ${ownerId} and c.n > 0)`;
}

type Totals = {
  counts: { total: number; pending: number; approved: number; completed: number; rejected: number };
  completed: { currency: string; revenue: number; fees: number }[];
};

type TotalsEntry = [status: keyof Totals["counts"], currency: string, n: number, revenue: number, fees: number];

/** The totals of one row from its packed column ("[]" when none of its referrals is counted yet). */
function readTotals(packed: string | null): Totals {
  const totals: Totals = { counts: { total: 0, pending: 0, approved: 0, completed: 0, rejected: 0 }, completed: [] };
  if (packed === null || packed === "[]") return totals;
  for (const [status, currency, n, revenue, fees] of JSON.parse(packed) as TotalsEntry[]) {
    totals.counts[status] += n;
    totals.counts.total += n;
    if (status === "completed") totals.completed.push({ currency, revenue: fromHundredths(revenue), fees: fromHundredths(fees) });
  }
  return totals;
}

/** A row's place in an admin table's sort: its sort value and id (decision 076). */
export type AdminRowKey = { value: string | number; id: number };

/**
 * The rows after the key (`afterValue`, `afterId`) in the order (sort value, id) runs, as one
 * row-value comparison: with the sort's index it is a seek, so the thousandth page of an export costs
 * what the first did.
 */
function afterKey(sortColumn: SQL, id: SQL | Parameters<typeof asc>[0], dir: SortDirection) {
  const key = sql`(${sql.placeholder("afterValue")}, ${sql.placeholder("afterId")})`;
  return dir === "asc" ? sql`(${sortColumn}, ${id}) > ${key}` : sql`(${sortColumn}, ${id}) < ${key}`;
}

/** An admin row's key in its sort, for the next page of an export. */
export function adminRowKey(
  row: { id: number; createdAt: string; counts: { total: number } } & ({ name: string } | { companyName: string }),
  sort: ConnectorSort | BusinessSort,
): AdminRowKey {
  if (sort === "createdAt") return { value: Date.parse(row.createdAt), id: row.id };
  if (sort === "referrals") return { value: row.counts.total, id: row.id };
  return { value: "name" in row ? row.name : row.companyName, id: row.id };
}

/** The values an admin page binds: the filters' (unused ones are ignored) and the slice. */
function pageValues(query: { id?: number; limit: number; offset: number; after?: AdminRowKey; q?: string }) {
  return {
    id: query.id ?? null,
    needle: query.q || null,
    afterValue: query.after?.value ?? null,
    afterId: query.after?.id ?? null,
    limit: query.limit,
    offset: query.offset,
  };
}

/** An export's total: its pages count nothing. */
const NOT_COUNTED = [{ total: -1 }];

export type ConnectorSort = "name" | "createdAt" | "referrals";
export type AdminConnectorQuery = {
  /** One connector (the admin detail view). */
  id?: number;
  q?: string;
  accountType?: AccountType;
  status?: "active" | "suspended";
  sort: ConnectorSort;
  dir: SortDirection;
  limit: number;
  offset: number;
  /**
   * CSV exports: the page runs alone and no total is counted (D1 answers a lone select as arrays, a
   * batch as an object per row: a fifth of an export's CPU), and it may continue after a row (keyset paging).
   */
  exporting?: boolean;
  after?: AdminRowKey;
};

/** What changes the SQL of a connectors page or count (the values bind into it). */
type ConnectorFilterShape = { id: boolean; q: boolean; accountType: boolean; status: AdminConnectorQuery["status"] | null };
type ConnectorShape = ConnectorFilterShape & { sort: ConnectorSort; dir: SortDirection; after: boolean };

function connectorSortColumn(sort: ConnectorSort) {
  if (sort === "referrals") return sql`(select count(*) from referrals r where r.connector_id = ${connectors.id})`;
  return sort === "createdAt" ? sql`${connectors.createdAt}` : sql`${connectors.name} collate nocase`;
}

function connectorFilter(shape: ConnectorFilterShape) {
  const parts: (SQL | undefined)[] = [];
  if (shape.id) parts.push(eq(connectors.id, sql.placeholder("id")));
  if (shape.q) parts.push(containsAny(sql.placeholder("needle"), connectors.name, connectors.email, users.username));
  if (shape.accountType) parts.push(eq(users.accountType, sql.placeholder("accountType")));
  if (shape.status === "suspended") parts.push(sql`${users.suspendedAt} is not null`);
  if (shape.status === "active") parts.push(isNull(users.suspendedAt));
  return parts;
}

/**
 * A page of connectors, built once per shape (decision 083): Drizzle's building and row mapping were
 * a third of an export's CPU. Ties follow the sort's direction, so one index walk serves either
 * direction (decision 073).
 */
const connectorPageSelect = preparedSelect((db, shape: ConnectorShape) => {
  const sortColumn = connectorSortColumn(shape.sort);
  const parts = connectorFilter(shape);
  if (shape.after) parts.push(afterKey(sortColumn, connectors.id, shape.dir));
  return db
    .select({
      id: connectors.id,
      userId: connectors.userId,
      name: connectors.name,
      email: connectors.email,
      phone: connectors.phone,
      createdAt: connectors.createdAt,
      username: users.username,
      accountType: users.accountType,
      suspendedAt: users.suspendedAt,
      referralTotals: referralTotalsColumn("connector", connectors.id),
    })
    .from(connectors)
    .innerJoin(users, eq(users.id, connectors.userId))
    .where(and(...parts))
    .orderBy(order(sortColumn, shape.dir), order(connectors.id, shape.dir))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
});

/** How many connectors the filter keeps: every connector has its user (a foreign key), so the count reads users only when a filter does. */
const connectorCountSelect = preparedSelect((db, shape: ConnectorFilterShape) => {
  const where = and(...connectorFilter(shape));
  return shape.q || shape.accountType || shape.status
    ? db.select({ total: count() }).from(connectors).innerJoin(users, eq(users.id, connectors.userId)).where(where)
    : db.select({ total: count() }).from(connectors).where(where);
});

/**
 * "Active" alone is all connectors but the suspended ones, which users_suspended_idx (a partial
 * index) counts without reading every user.
 */
const activeConnectorCount = (db: Database) =>
  db.all<{ total: number }>(sql`select (select count(*) from ${connectors}) - (select count(*) from ${connectors}
    join ${users} on ${users.id} = ${connectors.userId} where ${users.suspendedAt} is not null) as total`);

/**
 * Admin > Connectors, unexecuted: a page of connectors with their referral totals, and the filter's
 * total, for one batch (the screen's rides with its session lookup: one round trip).
 */
export function adminConnectorsQueries(db: Database, query: AdminConnectorQuery) {
  const shape: ConnectorFilterShape = {
    id: query.id !== undefined,
    q: Boolean(query.q),
    accountType: Boolean(query.accountType),
    status: query.status ?? null,
  };
  const values = { ...pageValues(query), accountType: query.accountType ?? null };
  const onlyActive = !shape.id && !shape.q && !shape.accountType && shape.status === "active";
  return [
    connectorPageSelect(db, { ...shape, sort: query.sort, dir: query.dir, after: Boolean(query.after) }, values),
    onlyActive ? activeConnectorCount(db) : connectorCountSelect(db, shape, values),
  ] as const;
}

export function toAdminConnectors([rows, totals]: BatchResponse<ReturnType<typeof adminConnectorsQueries>>) {
  return {
    // Each field named (no rest and spread): an export builds 100,000 of these.
    items: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      name: r.name,
      email: r.email,
      phone: r.phone,
      createdAt: r.createdAt.toISOString(),
      username: r.username,
      accountType: r.accountType,
      suspended: r.suspendedAt !== null,
      suspendedAt: r.suspendedAt?.toISOString() ?? null,
      ...readTotals(r.referralTotals),
    })),
    total: totals[0]?.total ?? 0,
  };
}

/** Admin > Connectors: a page of connectors with their referral counts and completed totals. */
export async function adminConnectors(db: Database, actor: AdminActor, query: AdminConnectorQuery) {
  requireAdmin(actor);
  const [page, total] = adminConnectorsQueries(db, query);
  return toAdminConnectors(query.exporting ? [await page, NOT_COUNTED] : await db.batch([page, total]));
}

export type BusinessSort = "companyName" | "createdAt" | "referrals";
export type AdminBusinessQuery = {
  /** One business (the admin detail view). */
  id?: number;
  q?: string;
  sector?: string;
  sort: BusinessSort;
  dir: SortDirection;
  limit: number;
  offset: number;
  /**
   * CSV exports: the page runs alone and no total is counted (D1 answers a lone select as arrays, a
   * batch as an object per row: a fifth of an export's CPU), and it may continue after a row (keyset paging).
   */
  exporting?: boolean;
  after?: AdminRowKey;
};

const owner = alias(users, "owner");

/** What changes the SQL of a businesses page or count (the values bind into it). */
type BusinessFilterShape = { id: boolean; q: boolean; sector: boolean };
type BusinessShape = BusinessFilterShape & { sort: BusinessSort; dir: SortDirection; after: boolean };

function businessSortColumn(sort: BusinessSort) {
  if (sort === "referrals") return sql`(select count(*) from referrals r where r.business_id = ${businesses.id})`;
  return sort === "createdAt" ? sql`${businesses.createdAt}` : sql`${businesses.companyName} collate nocase`;
}

function businessFilter(shape: BusinessFilterShape) {
  const parts: (SQL | undefined)[] = [];
  if (shape.id) parts.push(eq(businesses.id, sql.placeholder("id")));
  if (shape.q) parts.push(containsAny(sql.placeholder("needle"), businesses.companyName, businesses.uen, owner.name));
  if (shape.sector) parts.push(sql`${businesses.sector} = ${sql.placeholder("sector")} collate nocase`);
  return parts;
}

/** A page of businesses (company, uen, sector, owner, team size, referral totals), built once per shape (decision 083). */
const businessPageSelect = preparedSelect((db, shape: BusinessShape) => {
  const sortColumn = businessSortColumn(shape.sort);
  const parts = businessFilter(shape);
  if (shape.after) parts.push(afterKey(sortColumn, businesses.id, shape.dir));
  return (
    db
      .select({
        id: businesses.id,
        companyName: businesses.companyName,
        uen: businesses.uen,
        sector: businesses.sector,
        createdAt: businesses.createdAt,
        // The owner's columns under names of their own: D1 answers a batch with rows keyed by name.
        ownerId: sql<number>`${owner.id}`.as("owner_id"),
        ownerName: sql<string>`${owner.name}`.as("owner_name"),
        ownerUsername: sql<string>`${owner.username}`.as("owner_username"),
        ownerSuspendedAt: sql<number | null>`${owner.suspendedAt}`.as("owner_suspended_at"),
        teamSize: sql<number>`(select count(*) from ${teamMembers} t where t.business_id = ${businesses.id})`.as("team_size"),
        referralTotals: referralTotalsColumn("business", businesses.id),
      })
      .from(businesses)
      .innerJoin(owner, eq(owner.id, businesses.userId))
      .where(and(...parts))
      // Ties follow the sort's direction, so one index walk serves either direction (decision 073).
      .orderBy(order(sortColumn, shape.dir), order(businesses.id, shape.dir))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
  );
});

/** How many businesses the filter keeps: every business has its owner (a foreign key), so the count reads users only when the search does. */
const businessCountSelect = preparedSelect((db, shape: BusinessFilterShape) => {
  const where = and(...businessFilter(shape));
  return shape.q
    ? db.select({ total: count() }).from(businesses).innerJoin(owner, eq(owner.id, businesses.userId)).where(where)
    : db.select({ total: count() }).from(businesses).where(where);
});

/**
 * Admin > Businesses, unexecuted: a page (company, uen, sector, owner, team size, referral totals)
 * and the filter's total, for one batch (the screen's rides with its session lookup).
 */
export function adminBusinessesQueries(db: Database, query: AdminBusinessQuery) {
  const shape: BusinessFilterShape = { id: query.id !== undefined, q: Boolean(query.q), sector: Boolean(query.sector) };
  const values = { ...pageValues(query), sector: query.sector ?? null };
  return [
    businessPageSelect(db, { ...shape, sort: query.sort, dir: query.dir, after: Boolean(query.after) }, values),
    businessCountSelect(db, shape, values),
  ] as const;
}

export function toAdminBusinesses([rows, totals]: BatchResponse<ReturnType<typeof adminBusinessesQueries>>) {
  return {
    // Each field named (no rest and spread): an export builds 100,000 of these.
    items: rows.map((r) => ({
      id: r.id,
      companyName: r.companyName,
      uen: r.uen,
      sector: r.sector,
      createdAt: r.createdAt.toISOString(),
      ownerId: r.ownerId,
      ownerName: r.ownerName,
      ownerUsername: r.ownerUsername,
      // Every timestamp of the API is an ISO string.
      ownerSuspendedAt: r.ownerSuspendedAt === null ? null : new Date(r.ownerSuspendedAt).toISOString(),
      ownerSuspended: r.ownerSuspendedAt !== null,
      teamSize: r.teamSize,
      ...readTotals(r.referralTotals),
    })),
    total: totals[0]?.total ?? 0,
  };
}

/** Admin > Businesses: company, uen, sector, owner, team size, referrals received, completed revenue. */
export async function adminBusinesses(db: Database, actor: AdminActor, query: AdminBusinessQuery) {
  requireAdmin(actor);
  const [page, total] = adminBusinessesQueries(db, query);
  return toAdminBusinesses(query.exporting ? [await page, NOT_COUNTED] : await db.batch([page, total]));
}

/**
 * Distinct sectors (case aside: the filter ignores case), for the Businesses filter, unexecuted.
 * Each step seeks the next one in the sector index, so 100,000 businesses cost one seek per sector
 * instead of a read of every business (decision 076).
 */
export function businessSectorsQuery(db: Database) {
  return db.all<{ sector: string }>(sql`
    with recursive s(sector) as (
      select (select min(${businesses.sector} collate nocase) from ${businesses} where ${businesses.sector} > '' collate nocase)
      union all
      select (select min(b.sector collate nocase) from ${businesses} b where b.sector > s.sector collate nocase)
        from s where s.sector is not null limit 201
    )
    select sector from s where sector is not null`);
}

export const toSectors = (rows: { sector: string }[]) => rows.slice(0, 200).map((r) => r.sector);

export async function businessSectors(db: Database, actor: AdminActor): Promise<string[]> {
  requireAdmin(actor);
  return toSectors(await businessSectorsQuery(db));
}
/** One connector with its totals, or undefined. */
export async function adminConnector(db: Database, actor: AdminActor, id: number) {
  const { items } = await adminConnectors(db, actor, { id, sort: "name", dir: "asc", limit: 1, offset: 0 });
  return items[0];
}

/** One business with its owner and totals, or undefined. */
export async function adminBusiness(db: Database, actor: AdminActor, id: number) {
  const { items } = await adminBusinesses(db, actor, { id, sort: "companyName", dir: "asc", limit: 1, offset: 0 });
  return items[0];
}

export type AdminConnectorRow = Awaited<ReturnType<typeof adminConnectors>>["items"][number];
export type AdminBusinessRow = Awaited<ReturnType<typeof adminBusinesses>>["items"][number];
