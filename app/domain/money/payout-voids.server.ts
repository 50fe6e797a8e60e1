import { and, eq, sql } from "drizzle-orm";
import { businesses, commissionEntries, commissions, connectors, payouts } from "../../../db/schema";
import { formatDay } from "../../utils/dates";
import type { Database } from "../../utils/db.server";
import { conflict, errorText, forbidden, notFound } from "../../utils/errors.server";
import { formatMinor } from "../../utils/money";
import { PAYOUT_METHOD_LABELS, PAYOUTS_MANAGERS_ONLY } from "../../validation/payout-methods";
import { PAYOUT_VOID_DAYS, type PayoutVoidInput } from "../../validation/payouts";
import { effectStatements } from "../effects/effects.server";
import { businessSeatQuery, roleFrom } from "../parties/access.server";
import type { Actor } from "./owed.server";
import { reopenRequestsStatements } from "./payout-requests.server";
import { toPayoutDto } from "./payouts.server";

/**
 * Voiding a payout recorded in error (issue 38 part 4, decision 187): entries, never edits. Within
 * PAYOUT_VOID_DAYS of recording it, the business's owner or a team admin voids it with a reason; in
 * ONE batch the payout is marked voided (kept, never deleted), each of its payout entries is reversed
 * by a payout_voided entry, its commissions return to payable (migration 0033's trigger allows that
 * move only for a voided payout; connector_balances follows), with the activity, the connector's
 * notification and mail, and the payout.voided webhook; the payout request it settled is open again.
 */

export const PAYOUT_NOT_FOUND = "Payout not found";
export const VOID_RACE = "This payout changed while you were voiding it. Reload and try again.";
const DAY_MS = 24 * 60 * 60 * 1000;

export const alreadyVoided = (voidedAt: Date) => `This payout was already voided on ${formatDay(voidedAt)}`;
export const voidTooLate = (createdAt: Date) =>
  `A payout can be voided only within ${PAYOUT_VOID_DAYS} days of recording it; this one was recorded on ${formatDay(createdAt)}`;
export const commissionChanged = (id: number) =>
  `Commission ${id} changed after this payout (its referral changed, so it was adjusted); this payout cannot be voided`;

/** Whether a payout recorded at `createdAt` may still be voided at `now`. */
export function voidable(createdAt: Date, now: Date) {
  return now.getTime() - createdAt.getTime() <= PAYOUT_VOID_DAYS * DAY_MS;
}

export async function voidPayout(db: Database, actor: Actor, payoutId: number, input: PayoutVoidInput) {
  const [found, items] = await db.batch([
    db
      .select({
        payout: payouts,
        connectorName: connectors.name,
        connectorUserId: connectors.userId,
        companyName: businesses.companyName,
      })
      .from(payouts)
      .innerJoin(connectors, eq(connectors.id, payouts.connectorId))
      .innerJoin(businesses, eq(businesses.id, payouts.businessId))
      .where(eq(payouts.id, payoutId)),
    db
      .select({ id: commissions.id, supersededAt: commissions.supersededAt })
      .from(commissions)
      .where(eq(commissions.payoutId, payoutId)),
  ]);
  const row = found[0];
  if (!row) throw notFound(PAYOUT_NOT_FOUND);
  const { payout } = row;
  const role = roleFrom(await businessSeatQuery(db, { userId: actor.id }, payout.businessId), actor, payout.businessId);
  if (!role) {
    // Those who may see the payout (its connector, platform admins) are told why; anyone else, 404.
    const seesIt = actor.isAdmin || (!actor.apiKey?.businessId && row.connectorUserId === actor.id);
    if (seesIt) throw forbidden(PAYOUTS_MANAGERS_ONLY);
    throw notFound(PAYOUT_NOT_FOUND);
  }
  if (role === "member") throw forbidden(PAYOUTS_MANAGERS_ONLY);
  if (payout.voidedAt) throw conflict(alreadyVoided(payout.voidedAt));
  const now = new Date();
  if (!voidable(payout.createdAt, now)) throw conflict(voidTooLate(payout.createdAt));
  const changed = items.find((c) => c.supersededAt);
  if (changed) throw conflict(commissionChanged(changed.id));

  const { reason } = input;
  const amount = formatMinor(payout.amountMinor, payout.currency);
  const title = `Payment voided: ${amount} from ${row.companyName}`;
  const body = `${row.companyName} voided the payment of ${amount} recorded on ${formatDay(payout.paidAt)} (reference ${payout.reference}): ${reason}. It is owed to you again.`;
  const voided = { ...payout, voidedAt: now, voidedByUserId: actor.id, voidReason: reason };
  const commissionIds = items.map((c) => c.id).sort((a, b) => a - b);
  const dto = toPayoutDto(voided, commissionIds);
  // The batch's guard: this void's own mark on the payout. A void that lost a race (the payout
  // voided meanwhile) reads another mark, its entries' commission id is NULL (refused: NOT NULL),
  // and the whole batch fails; so does one whose commission left paid or was adjusted meanwhile.
  const marked = sql`(select ${payouts.voidedAt} from ${payouts} where ${payouts.id} = ${payoutId}) = ${now.getTime()}`;
  try {
    await db.batch([
      db
        .update(payouts)
        .set({ voidedAt: now, voidedByUserId: actor.id, voidReason: reason })
        .where(and(eq(payouts.id, payoutId), sql`${payouts.voidedAt} is null`)),
      // One payout_voided entry per payout entry, reversing it, dated now.
      db
        .insert(commissionEntries)
        .select(
          sql`select null, case when ${marked} and ${commissions.status} = 'paid' and ${commissions.payoutId} = ${payoutId} and ${commissions.supersededAt} is null then ${commissions.id} end, ${commissionEntries.connectorId}, ${commissionEntries.businessId}, ${commissionEntries.currency}, 'payout_voided', -${commissionEntries.amountMinor}, ${payoutId}, ${now.getTime()}, ${now.getTime()} from ${commissionEntries} inner join ${commissions} on ${commissions.id} = ${commissionEntries.commissionId} where ${commissionEntries.payoutId} = ${payoutId} and ${commissionEntries.type} = 'payout'`,
        ),
      db
        .update(commissions)
        .set({ status: "payable", payoutId: null, paidAt: null })
        .where(and(eq(commissions.payoutId, payoutId), eq(commissions.status, "paid"))),
      // The payout request it settled is open again (decision 199).
      ...reopenRequestsStatements(db, { ...payout, payoutId }),
      ...effectStatements(db, {
        events: [{ businessId: payout.businessId, connectorId: payout.connectorId, type: "payout.voided", data: dto }],
        activity: [
          {
            action: "Payment voided",
            details: `${row.companyName} voided the payment of ${amount} to ${row.connectorName} by ${PAYOUT_METHOD_LABELS[payout.method]} (reference ${payout.reference}): ${reason}`,
            activityType: "payment_voided",
            userId: actor.id,
            businessId: payout.businessId,
          },
        ],
        notices: [{ userId: row.connectorUserId, title, body, link: "/earnings" }],
        mail: [{ kind: "payout_voided", userId: row.connectorUserId, payload: { title, body, path: "/earnings" } }],
      }),
    ]);
  } catch (error) {
    if (/commission_paid_is_final|NOT NULL constraint failed: commission_entries/i.test(errorText(error)))
      throw conflict(VOID_RACE);
    throw error;
  }
  return dto;
}
