import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { businesses, commissions, connectors, notifications, referrals } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { formatMinor, minorToDecimalString } from "../../utils/money";
import { effectStatements } from "../effects/effects.server";
import type { SystemActor } from "../parties/system.server";
import { refreshPayablesOverdue } from "./payables.server";
import { refreshPayoutRequestsOverdue } from "./payout-requests.server";

// The ledger's clock (issue 17, decision 069): the scheduled job moves each pending commission whose
// hold period has passed to payable, tells its connector in the app and the business's webhooks,
// and keeps each business's count of overdue payables current for its reputation.

/** Commissions released per scheduled run at most (oldest due first); the rest wait for the next minute. */
export const RELEASES_PER_RUN = 50;

export function commissionPayableNotice(c: {
  amountMinor: number;
  currency: Parameters<typeof formatMinor>[1];
  businessName: string;
  referredPersonName: string;
}) {
  const amount = formatMinor(c.amountMinor, c.currency);
  return {
    title: `Commission payable: ${amount} from ${c.businessName}`,
    body: `Your commission of ${amount} for introducing ${c.referredPersonName} has passed ${c.businessName}'s hold period and is now due to be paid.`,
  };
}

/** Pending commissions whose hold has passed, oldest due first (commissions_status_payable_idx), with what their notices say. */
export function dueCommissions(db: Database, _system: SystemActor, now: number, limit = RELEASES_PER_RUN) {
  return db
    .select({
      id: commissions.id,
      referralId: commissions.referralId,
      connectorId: commissions.connectorId,
      businessId: commissions.businessId,
      kind: commissions.kind,
      amountMinor: commissions.amountMinor,
      currency: commissions.currency,
      payableAt: commissions.payableAt,
      businessName: businesses.companyName,
      connectorUserId: connectors.userId,
      referredPersonName: referrals.referredPersonName,
    })
    .from(commissions)
    .innerJoin(businesses, eq(businesses.id, commissions.businessId))
    .innerJoin(connectors, eq(connectors.id, commissions.connectorId))
    .innerJoin(referrals, eq(referrals.id, commissions.referralId))
    .where(and(eq(commissions.status, "pending"), lte(commissions.payableAt, new Date(now))))
    .orderBy(asc(commissions.payableAt), asc(commissions.id))
    .limit(limit);
}
export type DueCommission = Awaited<ReturnType<typeof dueCommissions>>[number];

/**
 * Releases the commissions read by dueCommissions in ONE batch: per commission the
 * `commission.payable` event and the connector's in-app notice (no mail), then one UPDATE of them
 * all. The inserts are written only while the commission is still pending and standing, and the
 * UPDATE changes only those: a batch runs as one transaction, so a commission reversed since it was
 * read (or released by an overlapping run) is neither made payable nor announced. Returns the ids
 * made payable.
 */
export async function releaseCommissions(
  db: Database,
  _system: SystemActor,
  due: DueCommission[],
  now: number,
): Promise<number[]> {
  if (due.length === 0) return [];
  const stillPending = (id: number) =>
    sql`exists (select 1 from ${commissions} where ${commissions.id} = ${id} and ${commissions.status} = 'pending' and ${commissions.supersededAt} is null)`;
  const statements: BatchItem<"sqlite">[] = [];
  for (const c of due) {
    const notice = commissionPayableNotice(c);
    statements.push(
      ...effectStatements(db, {
        events: [
          {
            businessId: c.businessId,
            connectorId: c.connectorId,
            type: "commission.payable",
            when: stillPending(c.id),
            data: {
              id: c.id,
              referralId: c.referralId,
              connectorId: c.connectorId,
              businessId: c.businessId,
              kind: c.kind,
              status: "payable",
              amountMinor: c.amountMinor,
              amount: minorToDecimalString(c.amountMinor, c.currency),
              currency: c.currency,
              payableAt: c.payableAt.toISOString(),
            },
          },
        ],
      }),
      // The notice is stamped with the job's clock, which the kernel's notices are not (decision 152).
      // id, user_id, title, body, link, referral_id, read_at, created_at
      db
        .insert(notifications)
        .select(
          sql`select null, ${c.connectorUserId}, ${notice.title}, ${notice.body}, '/earnings', ${c.referralId}, null, ${now} where ${stillPending(c.id)}`,
        ),
    );
  }
  const update = db
    .update(commissions)
    .set({ status: "payable" })
    .where(
      and(
        inArray(
          commissions.id,
          due.map((c) => c.id),
        ),
        eq(commissions.status, "pending"),
        isNull(commissions.supersededAt),
        lte(commissions.payableAt, new Date(now)),
      ),
    )
    .returning({ id: commissions.id });
  const results = await db.batch([statements[0] as BatchItem<"sqlite">, ...statements.slice(1), update]);
  return (results.at(-1) as { id: number }[]).map((r) => r.id);
}

/** The scheduled job's sweep: at most `limit` due commissions per run become payable. */
export async function releaseDueCommissions(db: Database, system: SystemActor, now = Date.now(), limit = RELEASES_PER_RUN) {
  return (await releaseCommissions(db, system, await dueCommissions(db, system, now, limit), now)).length;
}

/** The scheduled job's part: releases due commissions, then refreshes the overdue payables of reputations. */
export async function runLedgerClock(db: Database, system: SystemActor, now = Date.now()) {
  const released = await releaseDueCommissions(db, system, now);
  const overdue = await refreshPayablesOverdue(db, system, now);
  const overdueRequests = await refreshPayoutRequestsOverdue(db, system, now);
  return { released, overdue, overdueRequests };
}
