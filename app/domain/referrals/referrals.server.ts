import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { REFERRAL_UPDATED_FIELDS } from "../../../db/enums";
import { type Referral, referralStatusChanges, referrals, users } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { AppError, notFound } from "../../utils/errors.server";
import { toHundredths } from "../../utils/money";
import { placeholders, preparedWrite } from "../../utils/prepared-select.server";
import type { SessionUser } from "../../utils/session.server";
import type { ProgressInput } from "../../validation/referral";
import { effectStatements, type WebhookEventInput } from "../effects/effects.server";
import { feeAmountOf } from "../money/commission";
import { commissionChangeStatements, ledgerConflict } from "../money/ledger.server";
import type { UpdatableReferral } from "./access.server";
import { decisionColumns, rejectionReasonText } from "./decision.server";
import { referralFields, toEnrichedReferralDto } from "./dto.server";
import { answerProposal, progressAction } from "./lifecycle";
import { lifecycleStateOf, requireMove } from "./lifecycle.server";
import { progressNotice, statusChangeActivity } from "./notices.server";

export async function referralHistory(db: Database, referralId: number) {
  return toHistory(await referralHistoryQuery(db, referralId));
}

/** A referral's history, unexecuted: the referral page batches it with its disputes. */
export function referralHistoryQuery(db: Database, referralId: number) {
  return db
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
}

export const toHistory = (rows: Awaited<ReturnType<typeof referralHistoryQuery>>) =>
  rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));

/** What webhook consumers get of a referral: its own fields and the two names. */
export function referralWebhookData(r: Omit<Referral, "id">, businessName: string, connectorName: string) {
  return { ...referralFields(r), businessName, connectorName };
}

/**
 * referral.updated (decision 080): a progress update that keeps the status but changes one of its
 * other fields (a status change is referral.status_changed, which carries them all). A save that
 * changes nothing is no event.
 */
function referralUpdatedEvent({
  before,
  after,
  row,
}: {
  before: Referral;
  after: Referral;
  row: { businessName: string; connectorName: string };
}): WebhookEventInput[] {
  if (after.status !== before.status) return [];
  const changedFields = REFERRAL_UPDATED_FIELDS.filter((field) => before[field] !== after[field]);
  if (changedFields.length === 0) return [];
  return [
    {
      businessId: before.businessId,
      connectorId: before.connectorId,
      type: "referral.updated",
      data: { id: before.id, changedFields, ...referralWebhookData(after, row.businessName, row.connectorName) },
    },
  ];
}

/** A progress update's change to the referral, its stored row returned; built once (decision 089). */
const progressUpdate = preparedWrite((db, _: null) =>
  db
    .update(referrals)
    .set(
      placeholders(
        "status",
        "revenueReceived",
        "revenueCurrency",
        "statusNotes",
        "feeAmount",
        "cashbackProposal",
        "rejectionReason",
        "firstDecidedAt",
        "updatedAt",
      ) as unknown as Partial<Referral>,
    )
    .where(eq(referrals.id, sql.placeholder("id")))
    .returning(),
);

/** A progress update's history row, built once (decision 089). */
const statusChangeInsert = preparedWrite((db, _: null) =>
  db
    .insert(referralStatusChanges)
    .values(placeholders("referralId", "fromStatus", "toStatus", "note", "changedByUserId", "createdAt")),
);

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
  // The lifecycle decides whether this hand may make this move now (consent, confirmation, no
  // self-dealing); a refusal writes nothing.
  const effects = requireMove(lifecycleStateOf(before), updatable.actor, progressAction(before.status, input.status));
  const next = effects.status ?? before.status;
  const revenue =
    input.revenueReceived === undefined || input.revenueReceived === null ? null : toHundredths(input.revenueReceived);
  // The business's answer to the connector's cashback proposal, if any (issue 33, decision 120).
  const answered = answerProposal(before.cashbackProposal, input.cashbackProposal);
  if ("message" in answered) throw new AppError(answered.status, answered.message, { cashbackProposal: [answered.message] });
  const fee = feeAmountOf({ ...before, cashbackProposal: answered.proposal }, revenue, input.revenueCurrency);
  const now = new Date();
  const { ledger } = updatable;
  const note = input.statusNotes ?? null;
  const decision = decisionColumns(before, input, now);
  // What the update writes; the referral after it is `{ ...before, ...changes }`.
  const changes = {
    status: next,
    revenueReceived: revenue,
    revenueCurrency: input.revenueCurrency,
    statusNotes: note,
    feeAmount: fee,
    cashbackProposal: answered.proposal,
    ...decision,
    updatedAt: now,
  };
  const after = { ...before, ...changes };
  const statements: BatchItem<"sqlite">[] = [
    // RETURNING: the stored row is the answer, with no read after the batch (decision 072).
    progressUpdate(db, null, { id, ...changes }),
    statusChangeInsert(db, null, {
      referralId: id,
      fromStatus: before.status,
      toStatus: next,
      note,
      changedByUserId: actor.id,
      createdAt: now,
    }),
  ];
  const { title, body } = progressNotice({
    businessName: row.businessName,
    referredPersonName: before.referredPersonName,
    from: before.status,
    to: next,
    fee,
    currency: input.revenueCurrency,
    note,
    reason: rejectionReasonText(decision.rejectionReason),
  });
  const moved = next !== before.status;
  statements.push(
    ...effectStatements(db, {
      events: moved
        ? [
            {
              businessId: before.businessId,
              connectorId: before.connectorId,
              type: "referral.status_changed",
              data: { id, previousStatus: before.status, ...referralWebhookData(after, row.businessName, row.connectorName) },
            },
          ]
        : referralUpdatedEvent({ before, after, row }),
      activity:
        moved && next !== "pending"
          ? [
              {
                ...statusChangeActivity(next, before.referredPersonName, row.connectorName),
                userId: actor.id,
                businessId: before.businessId,
              },
            ]
          : [],
      notices: [{ userId: row.connectorUserId, title, body, link: `/referrals/${id}`, referralId: id }],
      // The mail goes only if the connector's address is verified and they kept this kind on (decided
      // when it is sent, so a later opt-out still holds).
      mail: [{ kind: "referral_updated", userId: row.connectorUserId, payload: { title, body, path: `/referrals/${id}` } }],
      reputationDue: { businessId: before.businessId, connectorId: before.connectorId },
    }),
  );
  statements.push(
    ...commissionChangeStatements(db, {
      referral: after,
      standing: ledger.standing,
      holdDays: ledger.holdDays,
      next: { status: next, revenueHundredths: revenue, currency: input.revenueCurrency },
      now,
    }),
  );
  let stored: Referral | undefined;
  try {
    const [returned] = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    stored = (returned as Referral[])[0];
  } catch (error) {
    throw ledgerConflict(error) ?? error;
  }
  if (!stored) throw notFound("Referral not found");
  // What else the answer shows (names, the connector's figures) is what the update read: the batch
  // changes none of it (the figures' rows are only marked due for the clock).
  return toEnrichedReferralDto({ ...row, referral: stored }, actor);
}
