import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  businesses,
  type Commission,
  type CommissionEntry,
  commissionEntries,
  commissions,
  connectors,
  teamMembers,
} from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { forbidden, notFound } from "../../utils/errors.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { actsAsConnector, type SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import type { CommissionQuery } from "../../validation/commissions";
import { ADMIN_REQUIRED } from "../../validation/messages";
import { businessSeatQuery, checkBusinessRole, workplaceIdOf } from "../parties/access.server";
import { connectorIdOf } from "../parties/connectors.server";
import { type CommissionDto, toCommissionDto } from "./ledger.server";

/**
 * The read side of the money ledger (issue 17, decision 071): GET /api/commissions and its twin for
 * one commission. Who reads what:
 * - a connector reads their own (a person, or a personal key with commissions:read);
 * - a business's owner and every team member read the business's (or its business key);
 * - platform admins read everyone's.
 * The page, its entries and the total are one batch (and, for a session, ride with its lookup).
 */

type Actor = Pick<SessionUser, "id" | "isAdmin" | "apiKey">;

export type CommissionListQuery = CommissionQuery & { limit: number; offset: number };

/**
 * Whose commissions: the platform's, the viewer's own connector profile's, a business named by id
 * (the caller's seat is checked), or the viewer's workplace (the business they own or work for).
 */
export type CommissionScope =
  | { owner: "platform" }
  | { owner: "connector" }
  | { owner: "business"; businessId: number }
  | { owner: "workplace" };

export const PERSONAL_KEY_CONNECTOR_ONLY = "A personal API key reads its own connector's commissions only";
export const BUSINESS_KEY_BUSINESS_ONLY = "A business API key reads its business's commissions, not a connector's";

/**
 * Which commissions a request means (decision 071). `as=connector` is the caller's own; a
 * `businessId` or `as=business` is a business's (the named one, else the caller's workplace); with
 * neither, a platform admin reads everyone's and anyone else their own. A business key always reads
 * its business; a personal key only its connector. `actor` null: the guess for a session before
 * the user is known (the user then decides: see commissionPage).
 */
export function commissionScope(query: CommissionQuery, actor: Actor | null): CommissionScope {
  const key = actor?.apiKey;
  if (key?.businessId != null) {
    if (query.as === "connector") throw forbidden(BUSINESS_KEY_BUSINESS_ONLY);
    if (query.businessId !== undefined && query.businessId !== key.businessId) throw notFound("Business not found");
    return { owner: "business", businessId: key.businessId };
  }
  if (key && query.as === "business") throw forbidden(PERSONAL_KEY_CONNECTOR_ONLY);
  if (query.as === "connector") return { owner: "connector" };
  if (query.businessId !== undefined) return { owner: "business", businessId: query.businessId };
  if (query.as === "business") return { owner: "workplace" };
  if (actor?.isAdmin && !key) return { owner: "platform" };
  return { owner: "connector" };
}

const sameScope = (a: CommissionScope, b: CommissionScope) => JSON.stringify(a) === JSON.stringify(b);

type Shape = {
  owner: CommissionScope["owner"];
  by: ViewerKind;
  status: boolean;
  currency: boolean;
  kind: boolean;
  referralId: boolean;
  connectorId: boolean;
  /** businessId as a filter (in the platform and connector scopes; a business scope is its own). */
  businessId: boolean;
};

function shapeOf(scope: CommissionScope, viewer: Viewer, query: CommissionListQuery): Shape {
  return {
    owner: scope.owner,
    by: viewerKind(viewer),
    status: query.status !== undefined,
    currency: query.currency !== undefined,
    kind: query.kind !== undefined,
    referralId: query.referralId !== undefined,
    connectorId: query.connectorId !== undefined,
    businessId: query.businessId !== undefined && (scope.owner === "platform" || scope.owner === "connector"),
  };
}

function valuesOf(scope: CommissionScope, viewer: Viewer, query: CommissionListQuery) {
  return {
    ...viewerValues(viewer),
    scopeId: scope.owner === "business" ? scope.businessId : null,
    status: query.status ?? null,
    currency: query.currency ?? null,
    kind: query.kind ?? null,
    referralId: query.referralId ?? null,
    connectorId: query.connectorId ?? null,
    businessId: query.businessId ?? null,
    limit: query.limit,
    offset: query.offset,
  };
}

function condition(shape: Shape): SQL | undefined {
  const viewerId = viewerIdSql(shape.by);
  const parts: (SQL | undefined)[] = [];
  if (shape.owner === "connector") parts.push(eq(commissions.connectorId, connectorIdOf(viewerId)));
  if (shape.owner === "business") parts.push(eq(commissions.businessId, sql.placeholder("scopeId")));
  if (shape.owner === "workplace") parts.push(eq(commissions.businessId, workplaceIdOf(viewerId)));
  if (shape.businessId) parts.push(eq(commissions.businessId, sql.placeholder("businessId")));
  if (shape.connectorId) parts.push(eq(commissions.connectorId, sql.placeholder("connectorId")));
  if (shape.referralId) parts.push(eq(commissions.referralId, sql.placeholder("referralId")));
  if (shape.status) parts.push(eq(commissions.status, sql.placeholder("status")));
  if (shape.currency) parts.push(eq(commissions.currency, sql.placeholder("currency")));
  if (shape.kind) parts.push(eq(commissions.kind, sql.placeholder("kind")));
  return and(...parts);
}

const pageIds = (db: Database, shape: Shape) =>
  db
    .select({ id: commissions.id })
    .from(commissions)
    .where(condition(shape))
    .orderBy(desc(commissions.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));

/**
 * Newest first. The page's ids are chosen first (sorting ids from a covering index), then its rows
 * read by primary key: sorting whole rows cost about seven times the CPU for the bench connector's
 * 2,500 commissions (decision 071).
 */
const pageSelect = preparedSelect((db, shape: Shape) =>
  db
    .select()
    .from(commissions)
    .where(inArray(commissions.id, pageIds(db, shape)))
    .orderBy(desc(commissions.id)),
);

/** The page's entries, oldest first: the same filter as a subquery, so they travel in the same batch. */
const pageEntriesSelect = preparedSelect((db, shape: Shape) =>
  db
    .select()
    .from(commissionEntries)
    .where(inArray(commissionEntries.commissionId, pageIds(db, shape)))
    .orderBy(commissionEntries.id),
);

const countSelect = preparedSelect((db, shape: Shape) => db.select({ total: count() }).from(commissions).where(condition(shape)));

/**
 * The statements of a page, unexecuted: the commissions, their entries, the total, and (for a
 * business named by id) the caller's seat in it, which commissionPage checks before using the rest.
 */
export function commissionListStatements(db: Database, viewer: Viewer, scope: CommissionScope, query: CommissionListQuery) {
  const shape = shapeOf(scope, viewer, query);
  const values = valuesOf(scope, viewer, query);
  return [
    pageSelect(db, shape, values),
    pageEntriesSelect(db, shape, values),
    countSelect(db, shape, values),
    businessSeatQuery(db, viewer, scope.owner === "business" ? scope.businessId : 0),
  ] as const;
}
type ListResults = [Commission[], CommissionEntry[], { total: number }[], Awaited<ReturnType<typeof businessSeatQuery>>];

/** Authorizes the statements' results for `actor` and turns them into the page. */
function commissionPage(results: ListResults, actor: Actor, scope: CommissionScope): { items: CommissionDto[]; total: number } {
  const [rows, entries, totals, seat] = results;
  if (scope.owner === "business") checkBusinessRole(seat, actor, scope.businessId, "member", { allowPlatformAdmin: true });
  if (scope.owner === "platform" && !actor.isAdmin) throw forbidden(ADMIN_REQUIRED);
  if (scope.owner === "connector" && !actsAsConnector(actor)) throw forbidden(BUSINESS_KEY_BUSINESS_ONLY);
  const byCommission = new Map<number, CommissionEntry[]>();
  for (const entry of entries) {
    const list = byCommission.get(entry.commissionId);
    if (list) list.push(entry);
    else byCommission.set(entry.commissionId, [entry]);
  }
  return {
    items: rows.map((row) => toCommissionDto(row, byCommission.get(row.id) ?? [])),
    total: totals[0]?.total ?? 0,
  };
}

/** A page of the commissions `actor` may read, narrowed by the query's filters: one round trip. */
export async function listCommissions(db: Database, actor: Actor, query: CommissionListQuery) {
  const scope = commissionScope(query, actor);
  const results = await db.batch(commissionListStatements(db, { userId: actor.id }, scope, query));
  return commissionPage(results as unknown as ListResults, actor, scope);
}

/**
 * listCommissions for a session whose statements rode with the session lookup under the scope
 * guessed before the user was known (`guess`): used when the user's own scope is the same, else
 * read again for it (a platform admin's list: one more round trip).
 */
export async function commissionPageFromRide(
  db: Database,
  actor: Actor,
  query: CommissionListQuery,
  guess: CommissionScope,
  results: unknown,
) {
  const scope = commissionScope(query, actor);
  if (!sameScope(scope, guess)) return listCommissions(db, actor, query);
  return commissionPage(results as ListResults, actor, scope);
}

// ——— One commission ———

/** A column of the outer commissions row, qualified: Drizzle writes a one-table select's columns
 * bare, and inside the subqueries below a bare business_id would be team_members' own. */
const outer = (column: "connector_id" | "business_id") => sql.raw(`"commissions"."${column}"`);

const visibilitySelect = preparedSelect((db, kind: ViewerKind) => {
  const viewerId = viewerIdSql(kind);
  return db
    .select({
      connectorUserId: sql<
        number | null
      >`(select ${connectors.userId} from ${connectors} where ${connectors.id} = ${outer("connector_id")})`.as(
        "connector_user_id",
      ),
      ownerUserId: sql<
        number | null
      >`(select ${businesses.userId} from ${businesses} where ${businesses.id} = ${outer("business_id")})`.as("owner_user_id"),
      teamRole: sql<
        string | null
      >`(select ${teamMembers.role} from ${teamMembers} where ${teamMembers.businessId} = ${outer("business_id")} and ${teamMembers.userId} = ${viewerId})`.as(
        "team_role",
      ),
    })
    .from(commissions)
    .where(eq(commissions.id, sql.placeholder("id")));
});
const oneSelect = preparedSelect((db, _shape: "one") =>
  db
    .select()
    .from(commissions)
    .where(eq(commissions.id, sql.placeholder("id"))),
);
const oneEntriesSelect = preparedSelect((db, _shape: "one") =>
  db
    .select()
    .from(commissionEntries)
    .where(eq(commissionEntries.commissionId, sql.placeholder("id")))
    .orderBy(commissionEntries.id),
);

/** The statements of one commission, unexecuted: who may see it, it, and its entries. */
export function commissionStatements(db: Database, viewer: Viewer, id: number) {
  const values = { ...viewerValues(viewer), id };
  return [
    visibilitySelect(db, viewerKind(viewer), values),
    oneSelect(db, "one", values),
    oneEntriesSelect(db, "one", values),
  ] as const;
}

/**
 * One commission for `actor`: its connector (not through a business key), its business's owner and
 * team (a business key of that business), or a platform admin; anyone else 404 as if it did not exist.
 */
export function commissionFrom(results: Awaited<ReturnType<Database["batch"]>> | unknown[], actor: Actor): CommissionDto {
  const [visibility, rows, entries] = results as [
    { connectorUserId: number | null; ownerUserId: number | null; teamRole: string | null }[],
    Commission[],
    CommissionEntry[],
  ];
  const seen = visibility[0];
  const commission = rows[0];
  if (!seen || !commission) throw notFound("Commission not found");
  const key = actor.apiKey;
  const platform = actor.isAdmin && !key;
  const ownConnector = actsAsConnector(actor) && seen.connectorUserId === actor.id;
  const onTeam = (!key || key.businessId === commission.businessId) && (seen.ownerUserId === actor.id || seen.teamRole !== null);
  if (!platform && !ownConnector && !onTeam) throw notFound("Commission not found");
  return toCommissionDto(commission, entries);
}

export async function getCommission(db: Database, actor: Actor, id: number): Promise<CommissionDto> {
  return commissionFrom(await db.batch(commissionStatements(db, { userId: actor.id }, id)), actor);
}
