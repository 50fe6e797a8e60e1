import { and, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { DisputeStatus } from "../../../db/enums";
import { businesses, connectors, type Dispute, disputes, referralStatusChanges, referrals } from "../../../db/schema";
import { parseWith } from "../../utils/api.server";
import { addBusinessDays } from "../../utils/business-days";
import type { Database } from "../../utils/db.server";
import { AppError, conflict, notFound } from "../../utils/errors.server";
import { formatMinor, hundredthsToMinor, minorToHundredths, toHundredths } from "../../utils/money";
import type { SessionUser } from "../../utils/session.server";
import { DisputeAnswerSchema, DisputeDecisionSchema, DisputeOpenSchema } from "../../validation/disputes";
import { effectStatements } from "../effects/effects.server";
import { requireReferralViewer } from "./access.server";
import { type DisputeDto, disputeScope, toDisputeDto, unsettled } from "./dispute-dto.server";
import { disputeToBusiness, disputeToConnector } from "./dispute-notices.server";
import { settlementConflictMessage, settlementStatements } from "./dispute-settlement.server";
import {
  DISPUTE_NOT_OPEN,
  DISPUTE_SAME_REVENUE,
  decideDisputeAnswer,
  decideDisputeResolution,
  decideOpenDispute,
  type LifecycleActor,
} from "./lifecycle";
import { lifecycleActorOf } from "./lifecycle.server";

/**
 * A connector's dispute of a rejection or of a completion's revenue (issue 38, part 5; decision 194).
 * The lifecycle decides who may open, answer and decide (lifecycle-disputes.ts); this module reads
 * what it needs, asks, and writes each step in one batch with its events, notices and mail. An upheld
 * or accepted dispute moves the referral through dispute-settlement.server.ts.
 */

export const DISPUTE_NOT_FOUND = "Dispute not found";

/** When the referral last moved to the status it has (its rejection or completion), from its history. */
async function decidedAtOf(db: Database, referral: { id: number; status: string; updatedAt: Date }) {
  const [last] = await db
    .select({ at: referralStatusChanges.createdAt })
    .from(referralStatusChanges)
    .where(and(eq(referralStatusChanges.referralId, referral.id), sql`${referralStatusChanges.toStatus} = ${referral.status}`))
    .orderBy(desc(referralStatusChanges.createdAt), desc(referralStatusChanges.id))
    .limit(1);
  return last?.at ?? referral.updatedAt;
}

const event = (type: "dispute.opened" | "dispute.answered" | "dispute.resolved", d: DisputeDto) => ({
  businessId: d.businessId,
  connectorId: d.connectorId,
  type,
  data: d,
});

/**
 * `POST /api/referrals/{id}/disputes` and the referral page's Dispute form: the referral's connector
 * disputes its rejection or completion, within 30 days, one open dispute at a time. 404 to whoever
 * cannot see the referral; the lifecycle's 403/409 to those who may see but not dispute it; the body
 * is read only then.
 */
export async function openDispute(db: Database, actor: SessionUser, referralId: number, body: () => Promise<unknown>) {
  const { row, role } = await requireReferralViewer(db, actor, referralId);
  const seat = role === "connector" || role === "platformAdmin" ? null : role;
  const who = lifecycleActorOf(actor, row, seat);
  if (!who) throw notFound("Referral not found");
  const before = row.referral;
  const [decidedAt, open] = await Promise.all([
    decidedAtOf(db, before),
    db
      .select({ id: disputes.id })
      .from(disputes)
      .where(and(eq(disputes.referralId, referralId), unsettled()))
      .limit(1),
  ]);
  const now = new Date();
  const verdict = decideOpenDispute({
    state: before,
    actor: who,
    decidedAt,
    hasOpenDispute: open.length > 0,
    now: now.getTime(),
  });
  if (!verdict.allowed) throw new AppError(verdict.status, verdict.message);
  const input = parseWith(DisputeOpenSchema, await body());
  const claimedRevenueMinor = hundredthsToMinor(toHundredths(input.claimedRevenue), input.claimedCurrency);
  if (
    verdict.subject === "completion" &&
    before.revenueReceived !== null &&
    before.revenueCurrency === input.claimedCurrency &&
    minorToHundredths(claimedRevenueMinor, input.claimedCurrency) === before.revenueReceived
  ) {
    throw new AppError(422, DISPUTE_SAME_REVENUE, { claimedRevenue: [DISPUTE_SAME_REVENUE] });
  }
  const [business] = await db
    .select({ days: businesses.responseWindowDays })
    .from(businesses)
    .where(eq(businesses.id, before.businessId));
  const values = {
    referralId,
    connectorId: before.connectorId,
    businessId: before.businessId,
    subject: verdict.subject,
    reason: input.reason,
    note: input.note,
    claimedRevenueMinor,
    claimedCurrency: input.claimedCurrency,
    status: "open" as DisputeStatus,
    openedByUserId: actor.id,
    answerDueAt: addBusinessDays(now, business?.days ?? 5),
    createdAt: now,
  };
  const names = {
    referredPersonName: before.referredPersonName,
    businessName: row.businessName,
    connectorName: row.connectorName,
  };
  // The event's id is only known inside the batch: the row's own, read back by the one-open index.
  const idSql = sql`(select ${disputes.id} from ${disputes} where ${disputes.referralId} = ${referralId} and ${unsettled()})`;
  const dto = toDisputeDto({
    id: 0,
    answerNote: null,
    answeredByUserId: null,
    answeredAt: null,
    decisionNote: null,
    decidedByUserId: null,
    decidedAt: null,
    ...values,
  });
  const statements: BatchItem<"sqlite">[] = [
    db.insert(disputes).values(values).returning(),
    ...effectStatements(db, {
      events: [{ ...event("dispute.opened", dto), idSql }],
      teamNotices: [disputeToBusiness(values, names, "opened", row.connectorUserId)],
      reputationDue: { businessId: before.businessId, connectorId: before.connectorId },
    }),
  ];
  try {
    const [inserted] = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [Dispute[]];
    return toDisputeDto(inserted[0] as Dispute);
  } catch (error) {
    // Two opened at once: the one-open index keeps the first.
    if (/UNIQUE|disputes_one_open/i.test(String(error))) throw conflict("This referral already has an open dispute");
    throw error;
  }
}

/** The dispute with the names its words use and its connector's user, for a caller who may see it (404 otherwise). */
async function requireDispute(db: Database, actor: SessionUser, id: number) {
  const scope = disputeScope(actor);
  const [found] = await db
    .select({
      dispute: disputes,
      referredPersonName: referrals.referredPersonName,
      businessName: businesses.companyName,
      businessOwnerId: businesses.userId,
      connectorName: connectors.name,
      connectorUserId: connectors.userId,
    })
    .from(disputes)
    .innerJoin(referrals, eq(referrals.id, disputes.referralId))
    .innerJoin(businesses, eq(businesses.id, disputes.businessId))
    .innerJoin(connectors, eq(connectors.id, disputes.connectorId))
    .where(scope ? and(eq(disputes.id, id), scope) : eq(disputes.id, id));
  if (!found) throw notFound(DISPUTE_NOT_FOUND);
  return found;
}

/** Who the caller is to the dispute's referral, as the lifecycle names hands. */
async function actorOnDispute(db: Database, actor: SessionUser, d: Dispute): Promise<LifecycleActor> {
  const { row, role } = await requireReferralViewer(db, actor, d.referralId);
  const seat = role === "connector" || role === "platformAdmin" ? null : role;
  return lifecycleActorOf(actor, row, seat) ?? "member";
}

/** The dispute's row moves from `from` to its next status, only if still there (a racing answer loses: 409). */
function disputeUpdate(db: Database, id: number, from: DisputeStatus, set: Partial<Dispute>) {
  return db
    .update(disputes)
    .set(set)
    .where(and(eq(disputes.id, id), eq(disputes.status, from)))
    .returning();
}

/** The dispute step's batch; `d` as read. A settlement that lost a race wrote nothing: 409, saying to what. */
async function runGuarded(db: Database, d: Dispute, statements: BatchItem<"sqlite">[]) {
  let updated: Dispute[];
  try {
    [updated] = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [Dispute[]];
  } catch (error) {
    const lost = settlementConflictMessage(error);
    if (lost === null) throw error;
    const [now] = await db.select({ status: disputes.status }).from(disputes).where(eq(disputes.id, d.id));
    throw conflict(now?.status === d.status ? lost : DISPUTE_NOT_OPEN);
  }
  const row = updated[0];
  if (!row) throw conflict(DISPUTE_NOT_OPEN);
  return row;
}

/** True in the batch once the dispute's step (to `status`, at `now`) applied: a settlement stands on it. */
const stepLanded = (id: number, status: DisputeStatus, column: "answered_at" | "decided_at", now: Date) =>
  sql`exists (select 1 from ${disputes} where ${disputes.id} = ${id} and ${disputes.status} = ${status} and ${sql.identifier(column)} = ${now.getTime()})`;

/**
 * `POST /api/disputes/{id}/answer`: the business's owner or a team admin accepts (the dispute is
 * settled as upheld: the referral moves, the ledger follows) or disagrees (a platform admin decides),
 * within the business's response window. The connector is told.
 */
export async function answerDispute(
  db: Database,
  actor: SessionUser,
  id: number,
  body: () => Promise<unknown>,
  /** The referral page's form answers its own referral's disputes only. */
  onReferral?: number,
) {
  const found = await requireDispute(db, actor, id);
  const d = found.dispute;
  if (onReferral !== undefined && d.referralId !== onReferral) throw notFound(DISPUTE_NOT_FOUND);
  const who = await actorOnDispute(db, actor, d);
  const now = new Date();
  const verdict = decideDisputeAnswer(d, who, now.getTime());
  if (!verdict.allowed) throw new AppError(verdict.status, verdict.message);
  const input = parseWith(DisputeAnswerSchema, await body());
  const accepted = input.answer === "accept";
  const set = {
    status: (accepted ? "business_accepted" : "business_disagreed") as DisputeStatus,
    answerNote: input.note ?? null,
    answeredByUserId: actor.id,
    answeredAt: now,
  };
  const after = { ...d, ...set };
  const names = found;
  const settle = accepted
    ? await settlementStatements(
        db,
        d,
        names,
        actor.id,
        input.note ?? "Dispute accepted by the business",
        now,
        stepLanded(id, set.status, "answered_at", now),
      )
    : [];
  const statements: BatchItem<"sqlite">[] = [
    disputeUpdate(db, id, "open", set),
    ...settle,
    ...effectStatements(db, {
      events: [event("dispute.answered", toDisputeDto(after))],
      ...disputeToConnector(after, names, accepted ? "accepted" : "disagreed", found.connectorUserId),
      reputationDue: { businessId: d.businessId, connectorId: d.connectorId },
    }),
  ];
  return toDisputeDto(await runGuarded(db, d, statements));
}

/**
 * `POST /api/admin/disputes/{id}/decision`: a platform admin upholds (the referral moves, the ledger
 * follows) or dismisses a dispute the business disagreed with or let its window pass. Both sides are told.
 */
export async function decideDispute(db: Database, actor: SessionUser, id: number, body: () => Promise<unknown>) {
  const found = await requireDispute(db, actor, id);
  const d = found.dispute;
  const now = new Date();
  const verdict = decideDisputeResolution(d, actor.isAdmin ? "platformAdmin" : "member", now.getTime());
  if (!verdict.allowed) throw new AppError(verdict.status, verdict.message);
  const input = parseWith(DisputeDecisionSchema, await body());
  const upheld = input.decision === "uphold";
  const set = {
    status: (upheld ? "upheld" : "dismissed") as DisputeStatus,
    decisionNote: input.note,
    decidedByUserId: actor.id,
    decidedAt: now,
  };
  const after = { ...d, ...set };
  const names = found;
  const step = upheld ? "upheld" : "dismissed";
  const settle = upheld
    ? await settlementStatements(db, d, names, actor.id, input.note, now, stepLanded(id, set.status, "decided_at", now))
    : [];
  const statements: BatchItem<"sqlite">[] = [
    disputeUpdate(db, id, d.status, set),
    ...settle,
    ...effectStatements(db, {
      events: [event("dispute.resolved", toDisputeDto(after))],
      ...disputeToConnector(after, names, step, found.connectorUserId),
      teamNotices: [disputeToBusiness(after, names, step, found.connectorUserId)],
      reputationDue: { businessId: d.businessId, connectorId: d.connectorId },
    }),
  ];
  return toDisputeDto(await runGuarded(db, d, statements));
}

/** The claimed revenue in words ("SGD 12,000.00"), for the screens. */
export const claimedText = (d: Pick<Dispute, "claimedRevenueMinor" | "claimedCurrency">) =>
  formatMinor(d.claimedRevenueMinor, d.claimedCurrency);
