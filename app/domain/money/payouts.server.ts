import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  businesses,
  type Commission,
  commissionEntries,
  commissions,
  connectors,
  type Payout,
  payouts,
  teamMembers,
} from "../../../db/schema";
import { formatDay } from "../../utils/dates";
import { type Database, sealingSecretOf } from "../../utils/db.server";
import { AppError, conflict, forbidden } from "../../utils/errors.server";
import { formatMinor, minorToDecimalString } from "../../utils/money";
import type { SessionUser } from "../../utils/session.server";
import { PAYOUT_METHOD_LABELS, PAYOUTS_MANAGERS_ONLY } from "../../validation/payout-methods";
import { PAYOUT_BACKDATE_DAYS, type PayoutInput, type PayoutQuery } from "../../validation/payouts";
import { effectStatements } from "../effects/effects.server";
import { type BusinessRole, businessRoleOf, toWorkplace, workplaceIdOf, workplaceQuery } from "../parties/access.server";
import { type Actor, checkPayoutManager, openItemsQuery, toOwedGroups } from "./owed.server";
import { owedConnectorsMethodsQuery, payeeProblem, payingMethodStateQuery, withPayingMethods } from "./payout-gate.server";
import { openRequestsQuery, settleRequestsUpdate, toOpenRequests } from "./payout-requests.server";
import { toPayoutSettingsDto } from "./payout-settings.server";

/**
 * Payouts (issue 17 section 2, decisions 063 and 065): what a business owes its connectors, and the
 * payments it records against it. A payout settles chosen payable commissions (and nets off payable
 * adjustments) of one connector in one currency, in ONE batch with everything it implies.
 */

export { PAYOUTS_MANAGERS_ONLY };
export const PAYOUT_RACE = "These commissions changed while you were recording the payout. Reload and try again.";
export const COMMISSION_NOT_FOUND = "Commission not found";
export const CONNECTOR_NOT_FOUND = "Connector not found";

export { PAYOUT_BACKDATE_DAYS };
export const PAID_AT_TOO_OLD = `The payment date cannot be more than ${PAYOUT_BACKDATE_DAYS} days ago`;

/** Paying a connector (a payout): never by the connector themselves, whatever seat they hold. */
export const PAYING_YOURSELF = "You cannot record a payout to yourself: another member of the business must pay it";
export function mayPay(payerUserId: number, connectorUserId: number): { status: 403; message: string } | null {
  return payerUserId === connectorUserId ? { status: 403, message: PAYING_YOURSELF } : null;
}
const DAY_MS = 24 * 60 * 60 * 1000;
/** A date without a time (midnight UTC) is a day somewhere until UTC-12 has left it; a timestamp may lag the clock. */
const DATE_ONLY_LATE_MS = 36 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * The dating rule of a payout (decision 116): not before the latest moment one of its commissions
 * became payable, and not more than 90 days (UTC calendar days) back; the future is refused by the
 * schema. Against payableAt a date alone (midnight UTC, what the screen sends) counts as the whole
 * of that day in any time zone.
 */
function paidAtProblem(paidAt: Date, items: { id: number; payableAt: Date }[], now: Date): string | null {
  const utcDay = (ms: number) => Math.floor(ms / DAY_MS);
  if (utcDay(now.getTime()) - utcDay(paidAt.getTime()) > PAYOUT_BACKDATE_DAYS) return PAID_AT_TOO_OLD;
  const isDateOnly = paidAt.getTime() % DAY_MS === 0;
  const latestMeant = paidAt.getTime() + (isDateOnly ? DATE_ONLY_LATE_MS : CLOCK_SKEW_MS);
  const last = items.reduce<{ id: number; payableAt: Date } | null>(
    (latest, c) => (!latest || c.payableAt > latest.payableAt ? c : latest),
    null,
  );
  if (last && latestMeant <= last.payableAt.getTime())
    return `The payment date cannot be before ${formatDay(last.payableAt)}, when commission ${last.id} became payable`;
  return null;
}

// ——— The screen's one batch ———

const HISTORY_LIMIT = 50;

/**
 * /business/payouts in one batch (after the session): the workplace and the viewer's seat, its open
 * items and its latest payouts, the business being a subquery. Nothing is returned unless the viewer
 * is the owner or a team admin.
 */
export async function payoutsScreen(db: Database, user: SessionUser) {
  const businessId = workplaceIdOf(sql`${user.id}`);
  const [seats, open, history, methods, requests] = await db.batch([
    workplaceQuery(db, { userId: user.id }),
    openItemsQuery(db, businessId),
    payoutListQuery(db, eq(payouts.businessId, businessId)).limit(HISTORY_LIMIT),
    owedConnectorsMethodsQuery(db, businessId),
    openRequestsQuery(db, businessId),
  ]);
  const workplace = toWorkplace(seats, user.id);
  if (!workplace) return { business: null } as const;
  const { business, role } = workplace;
  const summary = { id: business.id, companyName: business.companyName, role, holdDays: business.holdDays };
  if (role === "member") return { business: summary, allowed: false } as const;
  // Whole details only past the seat check above: the owner and team admins, at payout time.
  const owed = await withPayingMethods(sealingSecretOf(db), toOwedGroups(open), methods);
  return {
    business: summary,
    allowed: true,
    owed,
    history: history.map(toPayoutListDto),
    // Issue 38 part 2: the connectors' open payout requests and the settings they are measured against.
    requests: toOpenRequests(requests),
    payoutSettings: toPayoutSettingsDto(business.id, business),
  } as const;
}

// ——— Recording a payout ———

type Problem = { status: 409 | 422; message: string };

function itemProblem(c: Pick<Commission, "id" | "status" | "payableAt" | "payoutId">): Problem | null {
  if (c.status === "pending")
    return {
      status: 409,
      message: `Commission ${c.id} is pending until ${formatDay(c.payableAt)} and cannot be paid yet`,
    };
  if (c.status === "reversed") return { status: 409, message: `Commission ${c.id} was reversed and cannot be paid` };
  if (c.status === "paid")
    return { status: 409, message: `Commission ${c.id} is already paid (payout ${c.payoutId}); paying twice is refused` };
  return null;
}

/**
 * Records a payment to a connector: the payout, its commissions paid into it, a payout entry per
 * item (dated the day paid), the activity, the connector's notification and receipt mail, and the
 * payout.recorded webhook, all in ONE batch. Refusals (nothing written): another business's,
 * connector's or currency's commission (422, as an unknown one), a pending, reversed or paid one
 * (409), a date before a commission became payable or over 90 days back (400 on paidAt), a total
 * of zero or less (409), more than the net payable balance (409: an outstanding adjustment was left out). A payout that loses a race to another one fails whole (409).
 */
export async function recordPayout(db: Database, actor: Actor, input: PayoutInput) {
  return (await checkedPayout(db, actor, input, { write: true })) as PayoutDto;
}

/**
 * What recording this payout would mark paid, checked as recordPayout checks it, nothing written:
 * the screen's confirmation step (decision 187) shows it before the business confirms.
 */
export async function reviewPayout(db: Database, actor: Actor, input: PayoutInput) {
  return (await checkedPayout(db, actor, input, { write: false })) as PayoutReview;
}
export type PayoutReview = { connectorName: string; amountMinor: number; currency: string; commissionIds: number[] };

async function checkedPayout(db: Database, actor: Actor, input: PayoutInput, { write }: { write: boolean }) {
  const { businessId, connectorId, currency, commissionIds, method, reference, paidAt } = input;
  const [role, business, connector, items, balance, methods] = await db.batch([
    db
      .select({ ownerId: businesses.userId, teamRole: teamMembers.role })
      .from(businesses)
      .leftJoin(teamMembers, and(eq(teamMembers.businessId, businesses.id), eq(teamMembers.userId, actor.id)))
      .where(eq(businesses.id, businessId)),
    db.select({ companyName: businesses.companyName }).from(businesses).where(eq(businesses.id, businessId)),
    db.select({ name: connectors.name, userId: connectors.userId }).from(connectors).where(eq(connectors.id, connectorId)),
    db
      .select({
        id: commissions.id,
        businessId: commissions.businessId,
        connectorId: commissions.connectorId,
        currency: commissions.currency,
        status: commissions.status,
        kind: commissions.kind,
        amountMinor: commissions.amountMinor,
        payableAt: commissions.payableAt,
        payoutId: commissions.payoutId,
      })
      .from(commissions)
      .where(inArray(commissions.id, commissionIds)),
    db
      .select({ total: sql<number>`coalesce(sum(${commissions.amountMinor}), 0)` })
      .from(commissions)
      .where(
        and(
          eq(commissions.businessId, businessId),
          eq(commissions.connectorId, connectorId),
          eq(commissions.currency, currency),
          eq(commissions.status, "payable"),
        ),
      ),
    payingMethodStateQuery(db, connectorId),
  ]);
  const seat = role[0];
  const seatRole: BusinessRole | null =
    actor.apiKey && actor.apiKey.businessId !== businessId
      ? null
      : !seat
        ? null
        : seat.ownerId === actor.id
          ? "owner"
          : (seat.teamRole ?? null);
  checkPayoutManager(seatRole);
  const companyName = business[0]?.companyName ?? "";
  const payee = connector[0];
  if (!payee) throw new AppError(422, CONNECTOR_NOT_FOUND, { connectorId: [CONNECTOR_NOT_FOUND] });
  // No self-dealing (issue 33): the lifecycle's rule, whatever seat the payer holds.
  const selfPay = mayPay(actor.id, payee.userId);
  if (selfPay) throw new AppError(selfPay.status, selfPay.message);

  // Each selected id: one of this business's, to this connector, in this currency, and payable.
  const byId = new Map(items.map((c) => [c.id, c]));
  const problems: Problem[] = [];
  for (const id of commissionIds) {
    const c = byId.get(id);
    if (!c || c.businessId !== businessId || c.connectorId !== connectorId || c.currency !== currency) {
      problems.push({
        status: 422,
        message: `${COMMISSION_NOT_FOUND}: ${id} is not owed by this business to this connector in ${currency}`,
      });
      continue;
    }
    const problem = itemProblem(c);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) {
    const first = problems.find((p) => p.status === 422) ?? problems[0]!;
    const message = first.status === 422 ? COMMISSION_NOT_FOUND : first.message;
    throw new AppError(first.status, message, { commissionIds: problems.map((p) => p.message) });
  }
  const datingProblem = paidAtProblem(paidAt, items, new Date());
  if (datingProblem) throw new AppError(400, datingProblem, { paidAt: [datingProblem] });
  const amountMinor = commissionIds.reduce((sum, id) => sum + (byId.get(id)?.amountMinor ?? 0), 0);
  if (amountMinor <= 0) {
    const message = `Nothing to pay: the selected items come to ${formatMinor(amountMinor, currency)}`;
    throw conflict(message, { commissionIds: [message] });
  }
  const owed = Number(balance[0]?.total ?? 0);
  if (amountMinor > owed) {
    const message = `This pays more than is owed: ${formatMinor(amountMinor, currency)} selected, but ${formatMinor(owed, currency)} is owed to ${payee.name} in ${currency}. Include the outstanding adjustments.`;
    throw conflict(message, { commissionIds: [message] });
  }

  // Payable only to a method on file, and not while a method change is settling (issue 38 part 1).
  const unpayable = payeeProblem(payee.name, currency, methods);
  if (unpayable) throw conflict(unpayable);
  if (!write)
    return { connectorName: payee.name, amountMinor, currency, commissionIds: [...commissionIds].sort((a, b) => a - b) };

  const now = new Date();
  const amount = formatMinor(amountMinor, currency);
  const methodLabel = PAYOUT_METHOD_LABELS[method];
  const title = `Payment received: ${amount} from ${companyName}`;
  const body = `${companyName} paid you ${amount} by ${methodLabel} on ${formatDay(paidAt)} (reference ${reference}).`;
  // The payout's id inside the batch: the newest payout of this business to this connector (the
  // batch is one transaction, so it is the one just inserted).
  const payoutId = sql`(select max(${payouts.id}) from ${payouts} where ${payouts.businessId} = ${businessId} and ${payouts.connectorId} = ${connectorId})`;
  const ids = sql.join(
    commissionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const payoutDto = {
    id: null,
    businessId,
    connectorId,
    currency,
    amountMinor,
    amount: minorToDecimalString(amountMinor, currency),
    method,
    reference,
    paidAt: paidAt.toISOString(),
    recordedByUserId: actor.id,
    createdAt: now.toISOString(),
    commissionIds: [...commissionIds].sort((a, b) => a - b),
    voidedAt: null,
    voidReason: null,
  };
  try {
    const [inserted] = await db.batch([
      db
        .insert(payouts)
        .values({
          businessId,
          connectorId,
          currency,
          amountMinor,
          method,
          reference,
          paidAt,
          recordedByUserId: actor.id,
          createdAt: now,
        })
        .returning(),
      // Only payable ones move (the trigger refuses pending and reversed); one paid meanwhile by
      // another payout stays as it is, and the entries below then find it is not in this payout.
      db
        .update(commissions)
        .set({ status: "paid", payoutId: sql`${payoutId}`, paidAt })
        .where(and(sql`${commissions.id} in (${ids})`, sql`${commissions.status} <> 'paid'`)),
      // One payout entry per item: -amount for a commission, +|amount| for an adjustment. The
      // commission id is NULL (refused: NOT NULL) for any item not paid into THIS payout: the batch fails.
      db
        .insert(commissionEntries)
        .select(
          sql`select null, case when ${commissions.status} = 'paid' and ${commissions.payoutId} = ${payoutId} then ${commissions.id} end, ${commissions.connectorId}, ${commissions.businessId}, ${commissions.currency}, 'payout', -${commissions.amountMinor}, ${payoutId}, ${paidAt.getTime()}, ${now.getTime()} from ${commissions} where ${commissions.id} in (${ids})`,
        ),
      // The connector's open payout request in this currency is settled by this payout (issue 38).
      settleRequestsUpdate(db, { businessId, connectorId, currency, payoutId, paidAt }),
      ...effectStatements(db, {
        events: [{ businessId, connectorId, type: "payout.recorded", data: payoutDto, idSql: payoutId }],
        activity: [
          {
            action: "Payment processed",
            details: `${companyName} paid ${payee.name} ${amount} by ${methodLabel} (reference ${reference})`,
            activityType: "payment_processed",
            userId: actor.id,
            businessId,
          },
        ],
        notices: [{ userId: payee.userId, title, body, link: "/earnings" }],
        mail: [{ kind: "payout_recorded", userId: payee.userId, payload: { title, body, path: "/earnings" } }],
      }),
    ]);
    const payout = inserted[0]!;
    return toPayoutDto(payout, payoutDto.commissionIds);
  } catch (error) {
    if (isLedgerRefusal(error)) throw conflict(PAYOUT_RACE, { commissionIds: [PAYOUT_RACE] });
    throw error;
  }
}

/** A batch refused by the paid trigger or the entries' NOT NULL guard: a payout raced ahead. */
function isLedgerRefusal(error: unknown) {
  let text = "";
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    text += String((e as { message?: string })?.message ?? e);
  return /commission_not_payable|NOT NULL constraint failed: commission_entries/i.test(text);
}

// ——— Reading payouts ———

function payoutListQuery(db: Database, where: SQL | undefined) {
  return db
    .select({
      payout: payouts,
      connectorName: connectors.name,
      companyName: businesses.companyName,
      // A voided payout's commissions no longer point at it (decision 187): its payout entries still do.
      commissionIds: sql<string>`case when ${payouts.voidedAt} is null then (select json_group_array(paid.id) from (select id from commissions where payout_id = ${payouts.id} order by id) as paid) else (select json_group_array(settled.commission_id) from (select commission_id from commission_entries where payout_id = ${payouts.id} and type = 'payout' order by commission_id) as settled) end`,
    })
    .from(payouts)
    .innerJoin(connectors, eq(connectors.id, payouts.connectorId))
    .innerJoin(businesses, eq(businesses.id, payouts.businessId))
    .where(where)
    .orderBy(desc(payouts.paidAt), desc(payouts.id));
}
type PayoutListRow = Awaited<ReturnType<typeof payoutListQuery>>[number];

/** The public shape of a payout (POST and GET /api/payouts, the payout.recorded webhook). */
export function toPayoutDto(p: Payout, commissionIds: number[]) {
  return {
    id: p.id,
    businessId: p.businessId,
    connectorId: p.connectorId,
    currency: p.currency,
    amountMinor: p.amountMinor,
    amount: minorToDecimalString(p.amountMinor, p.currency),
    method: p.method,
    reference: p.reference,
    paidAt: p.paidAt.toISOString(),
    recordedByUserId: p.recordedByUserId,
    createdAt: p.createdAt.toISOString(),
    commissionIds,
    voidedAt: p.voidedAt?.toISOString() ?? null,
    voidReason: p.voidReason ?? null,
  };
}
export type PayoutDto = ReturnType<typeof toPayoutDto>;

function toPayoutListDto(row: PayoutListRow) {
  return {
    ...toPayoutDto(row.payout, JSON.parse(row.commissionIds ?? "[]") as number[]),
    connectorName: row.connectorName,
    businessName: row.companyName,
  };
}

/**
 * The payouts the actor may see: a business's owner and team admins see the business's; a connector
 * sees those paid to them; platform admins see all. A business key sees its business's only (a
 * personal key, its owner's as a connector). Filtering by a business where the actor is only a team
 * member is refused (403); anywhere else the filter just narrows what they may see.
 */
export async function listPayouts(db: Database, actor: Actor, filters: PayoutQuery & { limit: number; offset: number }) {
  if (filters.businessId !== undefined && !actor.isAdmin) {
    const role = await businessRoleOf(db, actor, filters.businessId);
    if (role === "member") throw forbidden(PAYOUTS_MANAGERS_ONLY);
  }
  const conditions: (SQL | undefined)[] = [];
  if (!actor.isAdmin) {
    const managed = sql`${payouts.businessId} in (select ${businesses.id} from ${businesses} where ${businesses.userId} = ${actor.id} union select ${teamMembers.businessId} from ${teamMembers} where ${teamMembers.userId} = ${actor.id} and ${teamMembers.role} = 'admin')`;
    const own = sql`${payouts.connectorId} in (select ${connectors.id} from ${connectors} where ${connectors.userId} = ${actor.id})`;
    if (actor.apiKey?.businessId) conditions.push(and(eq(payouts.businessId, actor.apiKey.businessId), managed));
    else if (actor.apiKey) conditions.push(own);
    else conditions.push(sql`(${managed} or ${own})`);
  }
  if (filters.businessId !== undefined) conditions.push(eq(payouts.businessId, filters.businessId));
  if (filters.connectorId !== undefined) conditions.push(eq(payouts.connectorId, filters.connectorId));
  if (filters.currency !== undefined) conditions.push(eq(payouts.currency, filters.currency));
  const where = and(...conditions);
  const [rows, total] = await db.batch([
    payoutListQuery(db, where).limit(filters.limit).offset(filters.offset),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  return {
    items: rows.map((r) => toPayoutDto(r.payout, JSON.parse(r.commissionIds ?? "[]") as number[])),
    total: total[0]?.n ?? 0,
  };
}
