import { and, asc, count, desc, eq, isNotNull, isNull, lt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import {
  businesses,
  businessReputations,
  type Currency,
  connectors,
  mailOutbox,
  notifications,
  type PayoutRequest,
  payoutRequests,
  teamMembers,
} from "../../../db/schema";
import { formatDay } from "../../utils/dates";
import type { Database } from "../../utils/db.server";
import { conflict, forbidden, isUniqueViolation, notFound } from "../../utils/errors.server";
import { formatMinor, minorToDecimalString } from "../../utils/money";
import { preparedSelect } from "../../utils/prepared-select.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import { PAYOUTS_MANAGERS_ONLY } from "../../validation/payout-methods";
import type { PayoutRequestInput, PayoutRequestQuery } from "../../validation/payout-requests";
import { effectStatements } from "../effects/effects.server";
import { businessRoleOf } from "../parties/access.server";
import type { SystemActor } from "../parties/system.server";
import { type Actor, connectorOpenItemsQuery, connectorPayablesQuery, toOwedGroups } from "./owed.server";

/**
 * Payout requests (issue 38 part 2, decision 191): a connector whose payable balance with a business
 * reaches its minimum in a currency (or is above zero when it sets none) asks to be paid. The balance
 * is owed.server's (the open items' payable net), never recomputed another way. A payout to that
 * connector in that currency settles the request (payouts.server recordPayout, same batch).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const NOT_A_CONNECTOR = "Only a connector can request a payout: create your connector profile first";
export const ADMINS_DO_NOT_REQUEST = "Platform admins cannot request payouts";
export const BUSINESS_NOT_FOUND = "Business not found";

export const nothingPayableMessage = (companyName: string, currency: Currency) =>
  `Nothing is payable to you by ${companyName} in ${currency} yet`;
export const belowMinimumMessage = (companyName: string, minimumMinor: number, payableMinor: number, currency: Currency) =>
  `${companyName} pays out at least ${formatMinor(minimumMinor, currency)}: ${formatMinor(payableMinor, currency)} is payable to you, below the minimum`;
export const alreadyRequestedMessage = (companyName: string, currency: Currency, dueAt: Date) =>
  `You already have an open payout request to ${companyName} in ${currency}, due by ${formatDay(dueAt)}`;

/** The minimum of a currency in a business's settings: 0 (none) when absent. */
export function minimumOf(minimums: Partial<Record<Currency, number>> | null | undefined, currency: Currency): number {
  const value = minimums?.[currency];
  return typeof value === "number" && value > 0 ? value : 0;
}

/** Whether a payable balance may be requested: above zero, and at least the minimum (if any). */
export function requestable(payableMinor: number, minimumMinor: number): boolean {
  return payableMinor > 0 && payableMinor >= minimumMinor;
}

/** Due date: the day requested plus the business's payout terms. */
export const dueDateOf = (requestedAt: Date, termsDays: number) => new Date(requestedAt.getTime() + termsDays * DAY_MS);

/** Open and past due (the admin payables tab and the business's reputation read the same rule). */
export const overdueRequestWhere = (now: number) => and(isNull(payoutRequests.payoutId), lt(payoutRequests.dueAt, new Date(now)));

/** The number of a business's overdue payout requests, as an SQL expression (its reputation's figure). */
export function payoutRequestsOverdueCountSql(businessId: SQLWrapper | number, now: number) {
  return sql<number>`(select count(*) from ${payoutRequests} where ${payoutRequests.businessId} = ${businessId}
    and ${payoutRequests.payoutId} is null and ${payoutRequests.dueAt} < ${now})`;
}

/**
 * Keeps each business's count of overdue payout requests (issue 38, decision 192) current between
 * recomputations, in one UPDATE per scheduled run: businesses that had some (they may have paid) and
 * businesses with an open request past its due date. A row is written only when its count changed.
 */
export async function refreshPayoutRequestsOverdue(db: Database, _system: SystemActor, now = Date.now()) {
  const fresh = payoutRequestsOverdueCountSql(businessReputations.businessId, now);
  const changed = await db
    .update(businessReputations)
    .set({ payoutRequestsOverdueCount: fresh })
    .where(
      sql`(${businessReputations.payoutRequestsOverdueCount} > 0 or ${businessReputations.businessId} in (
        select ${payoutRequests.businessId} from ${payoutRequests} where ${payoutRequests.payoutId} is null
          and ${payoutRequests.dueAt} < ${now}))
        and ${businessReputations.payoutRequestsOverdueCount} <> ${fresh}`,
    )
    .returning({ businessId: businessReputations.businessId });
  return changed.length;
}

// ——— The public shape ———

export type PayoutRequestState = "open" | "overdue" | "paid";

export function stateOf(r: Pick<PayoutRequest, "payoutId" | "dueAt">, now = Date.now()): PayoutRequestState {
  if (r.payoutId !== null) return "paid";
  return r.dueAt.getTime() < now ? "overdue" : "open";
}

export function toPayoutRequestDto(r: PayoutRequest, names: { companyName: string; connectorName: string }, now = Date.now()) {
  return {
    id: r.id,
    businessId: r.businessId,
    businessName: names.companyName,
    connectorId: r.connectorId,
    connectorName: names.connectorName,
    currency: r.currency,
    amountMinor: r.amountMinor,
    amount: minorToDecimalString(r.amountMinor, r.currency),
    state: stateOf(r, now),
    requestedAt: r.requestedAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
    payoutId: r.payoutId,
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
  };
}
export type PayoutRequestDto = ReturnType<typeof toPayoutRequestDto>;

// ——— Requesting ———

/** The business's owner and team admins (accepted seats), each once, never `exceptUserId`. */
function payoutManagersSql(businessId: number, exceptUserId: number) {
  return sql`(select ${businesses.userId} as user_id from ${businesses} where ${businesses.id} = ${businessId}
    union select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.businessId} = ${businessId}
      and ${teamMembers.role} = 'admin' and ${teamMembers.userId} is not null
    except select ${exceptUserId}) as managers`;
}

/**
 * A connector asks a business to pay what it owes them in one currency. Refused: no connector
 * profile (403), no such business (404), nothing payable or below the business's minimum (409, the
 * minimum in the message), an open request already (409, also when two race: the unique index).
 * Written in ONE batch: the request, the activity, a notification and a mail to the business's owner
 * and team admins, and the payout.requested webhook.
 */
export async function requestPayout(db: Database, actor: Actor, input: PayoutRequestInput, now = new Date()) {
  const { businessId, currency } = input;
  // Platform admins act for the platform, never as a payee (as they make no referrals).
  if (actor.isAdmin) throw forbidden(ADMINS_DO_NOT_REQUEST);
  const [connectorRows, businessRows, itemRows, openRows] = await db.batch([
    db.select({ id: connectors.id, name: connectors.name }).from(connectors).where(eq(connectors.userId, actor.id)),
    db
      .select({
        companyName: businesses.companyName,
        ownerId: businesses.userId,
        payoutTermsDays: businesses.payoutTermsDays,
        payoutMinimums: businesses.payoutMinimums,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
    connectorOpenItemsQuery(db, actor.id, businessId),
    db
      .select({ dueAt: payoutRequests.dueAt })
      .from(payoutRequests)
      .innerJoin(connectors, eq(connectors.id, payoutRequests.connectorId))
      .where(
        and(
          eq(connectors.userId, actor.id),
          eq(payoutRequests.businessId, businessId),
          eq(payoutRequests.currency, currency),
          isNull(payoutRequests.payoutId),
        ),
      ),
  ]);
  // A business key speaks for its business, never as a connector.
  const connector = actor.apiKey?.businessId ? undefined : connectorRows[0];
  if (!connector) throw forbidden(NOT_A_CONNECTOR);
  const business = businessRows[0];
  if (!business) throw notFound(BUSINESS_NOT_FOUND);
  const { companyName } = business;
  const open = openRows[0];
  if (open) {
    const message = alreadyRequestedMessage(companyName, currency, open.dueAt);
    throw conflict(message, { currency: [message] });
  }
  const group = toOwedGroups(itemRows).find((g) => g.businessId === businessId && g.currency === currency);
  const payableMinor = group?.payableMinor ?? 0;
  const minimumMinor = minimumOf(business.payoutMinimums, currency);
  if (payableMinor <= 0) {
    const message = nothingPayableMessage(companyName, currency);
    throw conflict(message, { currency: [message] });
  }
  if (!requestable(payableMinor, minimumMinor)) {
    const message = belowMinimumMessage(companyName, minimumMinor, payableMinor, currency);
    throw conflict(message, { currency: [message] });
  }

  const dueAt = dueDateOf(now, business.payoutTermsDays);
  const amount = formatMinor(payableMinor, currency);
  const title = `Payout requested: ${connector.name} asks for ${amount}`;
  const body = `${connector.name} requested a payout of ${amount} from ${companyName}, due by ${formatDay(dueAt)}.`;
  const link = "/business/payouts";
  const managers = payoutManagersSql(businessId, actor.id);
  const requestId = sql`(select max(${payoutRequests.id}) from ${payoutRequests} where ${payoutRequests.businessId} = ${businessId} and ${payoutRequests.connectorId} = ${connector.id})`;
  const values = {
    businessId,
    connectorId: connector.id,
    currency,
    amountMinor: payableMinor,
    requestedByUserId: actor.id,
    requestedAt: now,
    dueAt,
    payoutId: null,
    paidAt: null,
  };
  const dto = toPayoutRequestDto({ id: 0, ...values }, { companyName, connectorName: connector.name }, now.getTime());
  const mailPayload = JSON.stringify({ title, body, path: link, dueOn: formatDay(dueAt) });
  try {
    const [inserted] = await db.batch([
      db.insert(payoutRequests).values(values).returning(),
      ...effectStatements(db, {
        events: [{ businessId, connectorId: connector.id, type: "payout.requested", data: dto, idSql: requestId }],
        activity: [
          {
            action: "Payout requested",
            details: `${connector.name} requested ${amount} from ${companyName}, due by ${formatDay(dueAt)}`,
            activityType: "payout_requested",
            userId: actor.id,
            businessId,
          },
        ],
      }),
      // id, user_id, title, body, link, referral_id, read_at, created_at
      db
        .insert(notifications)
        .select(sql`select null, managers.user_id, ${title}, ${body}, ${link}, null, null, ${now.getTime()} from ${managers}`),
      // id, kind, user_id, to_address, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at
      db
        .insert(mailOutbox)
        .select(
          sql`select null, 'payout_requested', managers.user_id, null, ${mailPayload}, 'pending', 0, ${now.getTime()}, null, ${now.getTime()}, null from ${managers}`,
        ),
    ]);
    return toPayoutRequestDto(inserted[0]!, { companyName, connectorName: connector.name }, now.getTime());
  } catch (error) {
    // Another request for the same connector, business and currency landed first.
    if (isUniqueViolation(error)) {
      const message = alreadyRequestedMessage(companyName, currency, dueAt);
      throw conflict(message, { currency: [message] });
    }
    throw error;
  }
}

// ——— Settling (recordPayout's batch) ———

type RequestKey = { businessId: number; connectorId: number; currency: Currency };

/** The one open request of a business, connector and currency (at most one: a partial unique index). */
const openRequestOf = (k: RequestKey) =>
  and(
    eq(payoutRequests.businessId, k.businessId),
    eq(payoutRequests.connectorId, k.connectorId),
    eq(payoutRequests.currency, k.currency),
    isNull(payoutRequests.payoutId),
  );

/** Marks paid the open request a payout to this connector in this currency settles (`payoutId` names it in SQL). */
export function settleRequestsUpdate(db: Database, p: RequestKey & { payoutId: SQL; paidAt: Date }) {
  return db
    .update(payoutRequests)
    .set({ payoutId: sql`${p.payoutId}`, paidAt: p.paidAt })
    .where(openRequestOf(p));
}

/**
 * A voided payout reopens the request it settled (decision 199), for the void's own batch: the request
 * loses its payout and paid date and keeps its due date, so an overdue one is overdue again. Only one
 * request may be open per connector, business and currency (the partial unique index): when the
 * connector has asked again meanwhile, that open request stands and takes the settled one's due date
 * if earlier (the money was owed since then), and the settled one keeps the record of the voided payout.
 */
export function reopenRequestsStatements(db: Database, p: RequestKey & { payoutId: number }) {
  const sameKey = (alias: string) =>
    sql`${sql.raw(alias)}.business_id = ${p.businessId} and ${sql.raw(alias)}.connector_id = ${p.connectorId} and ${sql.raw(alias)}.currency = ${p.currency}`;
  return [
    db
      .update(payoutRequests)
      .set({
        dueAt: sql`min(${payoutRequests.dueAt}, coalesce((select s.due_at from payout_requests s where s.payout_id = ${p.payoutId} and ${sameKey("s")}), ${payoutRequests.dueAt}))`,
      })
      .where(openRequestOf(p)),
    db
      .update(payoutRequests)
      .set({ payoutId: null, paidAt: null })
      .where(
        and(
          eq(payoutRequests.payoutId, p.payoutId),
          sql`not exists (select 1 from payout_requests o where o.payout_id is null and ${sameKey("o")})`,
        ),
      ),
  ] as const;
}

// ——— Reading ———

function requestListQuery(db: Database, where: SQL | undefined) {
  return db
    .select({ request: payoutRequests, companyName: businesses.companyName, connectorName: connectors.name })
    .from(payoutRequests)
    .innerJoin(businesses, eq(businesses.id, payoutRequests.businessId))
    .innerJoin(connectors, eq(connectors.id, payoutRequests.connectorId))
    .where(where);
}

const stateWhere = (state: PayoutRequestState | undefined, now: number): SQL | undefined => {
  if (state === "paid") return isNotNull(payoutRequests.payoutId);
  if (state === "overdue") return overdueRequestWhere(now);
  if (state === "open") return isNull(payoutRequests.payoutId);
  return undefined;
};

/**
 * The payout requests the actor may see: a connector their own; a business's owner and team admins
 * the business's; platform admins all. A business key sees its business's, a personal key its
 * owner's own. Filtering by a business where the actor is only a team member is refused (403).
 * `state=open` lists every unpaid request (overdue included); `overdue`, the unpaid past due.
 */
export async function listPayoutRequests(
  db: Database,
  actor: Actor,
  filters: PayoutRequestQuery & { limit: number; offset: number },
  now = Date.now(),
) {
  if (filters.businessId !== undefined && !actor.isAdmin) {
    const role = await businessRoleOf(db, actor, filters.businessId);
    if (role === "member") throw forbidden(PAYOUTS_MANAGERS_ONLY);
  }
  const conditions: (SQL | undefined)[] = [];
  if (!actor.isAdmin) {
    const managed = sql`${payoutRequests.businessId} in (select ${businesses.id} from ${businesses} where ${businesses.userId} = ${actor.id} union select ${teamMembers.businessId} from ${teamMembers} where ${teamMembers.userId} = ${actor.id} and ${teamMembers.role} = 'admin')`;
    const own = sql`${payoutRequests.connectorId} in (select ${connectors.id} from ${connectors} where ${connectors.userId} = ${actor.id})`;
    if (actor.apiKey?.businessId) conditions.push(and(eq(payoutRequests.businessId, actor.apiKey.businessId), managed));
    else if (actor.apiKey) conditions.push(own);
    else conditions.push(sql`(${managed} or ${own})`);
  }
  if (filters.businessId !== undefined) conditions.push(eq(payoutRequests.businessId, filters.businessId));
  if (filters.connectorId !== undefined) conditions.push(eq(payoutRequests.connectorId, filters.connectorId));
  if (filters.currency !== undefined) conditions.push(eq(payoutRequests.currency, filters.currency));
  conditions.push(stateWhere(filters.state, now));
  const where = and(...conditions);
  const [rows, total] = await db.batch([
    requestListQuery(db, where)
      .orderBy(desc(payoutRequests.requestedAt), desc(payoutRequests.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ n: count() }).from(payoutRequests).where(where),
  ]);
  return { items: rows.map((r) => toPayoutRequestDto(r.request, r, now)), total: total[0]?.n ?? 0 };
}

/** A business's unpaid requests, soonest due first (the payouts screen; its caller checked the seat). */
export function openRequestsQuery(db: Database, businessId: number | SQL) {
  return requestListQuery(db, and(eq(payoutRequests.businessId, businessId), isNull(payoutRequests.payoutId))).orderBy(
    asc(payoutRequests.dueAt),
    asc(payoutRequests.id),
  );
}
/** Every business's requests unpaid past their due date, the oldest due first (the admin payables tab). */
export function overdueRequestsQuery(db: Database, now: number) {
  return requestListQuery(db, overdueRequestWhere(now)).orderBy(asc(payoutRequests.dueAt), asc(payoutRequests.id));
}
export type OpenRequestRows = Awaited<ReturnType<typeof openRequestsQuery>>;
export const toOpenRequests = (rows: OpenRequestRows, now = Date.now()) => rows.map((r) => toPayoutRequestDto(r.request, r, now));

/**
 * What Earnings offers the connector (the viewer): per business and currency with something payable
 * or an open request, the payable balance, the business's minimum, the open request, and whether a
 * request may be made now. Prepared per viewer kind, so they ride with the session lookup.
 */
const panelPayablesSelect = preparedSelect((db, kind: ViewerKind) => connectorPayablesQuery(db, viewerIdSql(kind)));
const panelOpenSelect = preparedSelect((db, kind: ViewerKind) =>
  requestListQuery(
    db,
    and(
      isNull(payoutRequests.payoutId),
      sql`${payoutRequests.connectorId} in (select ${connectors.id} from ${connectors} where ${connectors.userId} = ${viewerIdSql(kind)})`,
    ),
  ),
);
const panelSettingsSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({ id: businesses.id, companyName: businesses.companyName, payoutMinimums: businesses.payoutMinimums })
    .from(businesses)
    .where(
      // `connector_id =` a scalar (one profile per user), not `in (…)`: with a list SQLite chose the
      // platform-wide status index and read every payable commission (132 ms at 1M referrals).
      sql`${businesses.id} in (select business_id from commissions where connector_id = (select ${connectors.id} from ${connectors} where ${connectors.userId} = ${viewerIdSql(kind)}) and status = 'payable')`,
    ),
);

export function payoutRequestPanelQueries(db: Database, viewer: Viewer) {
  const kind = viewerKind(viewer);
  const values = viewerValues(viewer);
  return [
    panelPayablesSelect(db, kind, values),
    panelOpenSelect(db, kind, values),
    panelSettingsSelect(db, kind, values),
  ] as const;
}

/** The panel from payoutRequestPanelQueries' results (they ride with Earnings' session lookup). */
export function toPayoutRequestPanel(
  [payables, open, settings]: BatchResponse<ReturnType<typeof payoutRequestPanelQueries>>,
  now = Date.now(),
) {
  const names = new Map(settings.map((b) => [b.id, b]));
  const openBy = new Map(open.map((r) => [`${r.request.businessId}:${r.request.currency}`, r]));
  const rows = payables
    .map((g) => ({ ...g, payableMinor: Number(g.payableMinor) }))
    .filter((g) => g.payableMinor > 0 || openBy.has(`${g.businessId}:${g.currency}`))
    .map((g) => {
      const key = `${g.businessId}:${g.currency}`;
      const request = openBy.get(key);
      openBy.delete(key);
      const minimumMinor = minimumOf(names.get(g.businessId)?.payoutMinimums, g.currency);
      return {
        businessId: g.businessId,
        businessName: names.get(g.businessId)?.companyName ?? request?.companyName ?? "",
        currency: g.currency,
        payableMinor: g.payableMinor,
        minimumMinor,
        request: request ? toPayoutRequestDto(request.request, request, now) : null,
        canRequest: !request && requestable(g.payableMinor, minimumMinor),
      };
    });
  // An open request whose balance was since netted to nothing still shows.
  for (const r of openBy.values())
    rows.push({
      businessId: r.request.businessId,
      businessName: r.companyName,
      currency: r.request.currency,
      payableMinor: 0,
      minimumMinor: 0,
      request: toPayoutRequestDto(r.request, r, now),
      canRequest: false,
    });
  return rows.sort((a, b) => a.businessName.localeCompare(b.businessName) || a.currency.localeCompare(b.currency));
}
export type PayoutRequestPanelRow = ReturnType<typeof toPayoutRequestPanel>[number];
