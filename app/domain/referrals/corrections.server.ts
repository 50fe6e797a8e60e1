import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { connectors, mailOutbox, type Referral, referrals } from "../../../db/schema";
import { parseWith } from "../../utils/api.server";
import { normaliseEmail, normalisePhone } from "../../utils/contact-keys";
import type { Database } from "../../utils/db.server";
import { isDisposableEmail } from "../../utils/disposable-email.server";
import { AppError, conflict, notFound } from "../../utils/errors.server";
import { assertHitsWithin, assertWithinLimits, hitStatement, type Window } from "../../utils/rate-limit.server";
import type { SessionUser } from "../../utils/session.server";
import { ReferralCorrectionSchema } from "../../validation/referral-correction";
import { contactRedactionStatements, erasedColumns, erasureStatements } from "../accounts/person-erasure.server";
import { effectStatements } from "../effects/effects.server";
import { assertNotSelfOrTeamReferral } from "./abuse.server";
import { requireReferralViewer } from "./access.server";
import { CONSENT_WINDOW_DAYS, REFERRALS_TOO_MANY, referralPace } from "./creation.server";
import { referralFields, referralQuery, toEnrichedReferralDto } from "./dto.server";
import { correctionCheckQueries, DUPLICATE_REFERRAL, ownDuplicateReferral } from "./duplicates.server";
import { introductionMailStatements } from "./introductions.server";
import { allowedActions, type LifecycleAction, NOT_AWAITING_ANSWER } from "./lifecycle";
import { lifecycleActorOf, lifecycleStateOf, requireMove } from "./lifecycle.server";
import { lifecycleStatusChangeStatements, referralTeamNotice } from "./status-change.server";

/**
 * The connector's moves while the referred person has not answered (issue 33, part 3; decision
 * 126): correct the person's email or phone (a new introduction link goes to the corrected
 * details, the old link dies), resend the introduction, or withdraw the referral (closed as
 * withdrawn, the person's details erased everywhere). The lifecycle decides who may and when.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A resend at most once an hour per referral (the person has had the mail an hour). */
export const RESEND_PER_REFERRAL_PER_HOUR: Window = { limit: 1, windowMs: 60 * 60 * 1000 };
/** Introduction mails a connector's corrections and resends send per referral and day, together. */
export const INTRODUCTION_MAILS_PER_REFERRAL_PER_DAY: Window = { limit: 3, windowMs: DAY_MS };
export const INTRODUCTION_RESEND_TOO_SOON = "The introduction was sent less than an hour ago. Please try again later.";
export const INTRODUCTION_MAILS_TOO_MANY =
  "The introduction has been sent 3 times today after corrections or resends. Please try again tomorrow.";
export const CORRECTION_UNCHANGED = "These are the details the introduction already went to: change the email or phone";

const mailBudget = (id: number) => [`intro-mail:referral:${id}:day`, INTRODUCTION_MAILS_PER_REFERRAL_PER_DAY] as const;
type HitStatement = ReturnType<typeof hitStatement>;

/** An introduction mail not yet sent gives way to the new one (one mail, one live link). */
function supersededIntroductions(db: Database, id: number) {
  return db
    .update(mailOutbox)
    .set({ status: "skipped", lastError: "A newer introduction mail replaced it" })
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        eq(mailOutbox.kind, "introduction"),
        sql`json_extract(${mailOutbox.payload}, '$.referralId') = ${id}`,
      ),
    );
}
const resendHourKey = (id: number) => `intro-mail:referral:${id}:resend-hour`;

/**
 * The referral and the lifecycle's verdict on `action` by `actor`: 404 to whoever cannot see it,
 * the lifecycle's 403/409 to those who may see but not move it.
 */
async function requireConnectorMove(db: Database, actor: SessionUser, id: number, action: LifecycleAction) {
  const { row, role } = await requireReferralViewer(db, actor, id);
  // The connector acts as the connector here, whatever seat they also hold (these are not the business's moves).
  const seat = role === "connector" || role === "platformAdmin" ? null : role;
  const who = lifecycleActorOf(actor, row, seat);
  if (!who) throw notFound("Referral not found");
  const effects = requireMove(lifecycleStateOf(row.referral), who, action);
  return { row, effects };
}

/**
 * The moves the referral page offers its connector now (confirm or disown a business's registration;
 * correct, resend or withdraw before consent): the lifecycle's, never re-decided. A connector who
 * also holds a seat in the business is its connector here.
 */
export function connectorMovesOf(user: SessionUser, row: { referral: Referral; connectorUserId: number }): LifecycleAction[] {
  const actor = lifecycleActorOf(user, row, null);
  if (actor !== "connector") return [];
  return allowedActions(lifecycleStateOf(row.referral), actor);
}

/** The referral as its connector now sees it. */
async function reread(db: Database, actor: SessionUser, id: number) {
  const row = await referralQuery(db).where(eq(referrals.id, id)).get();
  if (!row) throw notFound("Referral not found");
  return toEnrichedReferralDto(row, actor);
}

/** The update only lands while the introduction still awaits the person (a racing answer wins). */
const stillAwaiting = (id: number) =>
  and(eq(referrals.id, id), eq(referrals.status, "pending"), eq(referrals.consentStatus, "awaiting"));

/**
 * The connector corrects the person's email and/or phone. The corrected details pass the rules of a
 * new referral again: the self/team check, and the duplicate check against every other referral to
 * the business (the erased people's keys included) but never this one. The old link dies at once, a
 * new introduction goes to the corrected details with a fresh 14-day window, and copies of the old
 * details outside the referral (a message quoting them, say) are erased.
 */
export async function correctReferral(
  db: Database,
  actor: SessionUser,
  id: number,
  /** The body, read once the caller may make the move (a form's fields, or the API's JSON). */
  body: () => Promise<unknown>,
  erasureSecret: string,
) {
  const { row } = await requireConnectorMove(db, actor, id, "correct");
  // Read once the caller may make the move: a stranger learns nothing from validation messages.
  const input = parseWith(ReferralCorrectionSchema, await body());
  const before = row.referral;
  const email = input.referredPersonEmail ?? before.referredPersonEmail ?? "";
  const phone = input.referredPersonPhone ?? before.referredPersonPhone ?? "";
  const emailKey = normaliseEmail(email);
  const phoneKey = normalisePhone(phone);
  if (emailKey === before.referredEmailKey && phoneKey === before.referredPhoneKey) {
    throw new AppError(422, CORRECTION_UNCHANGED, {
      [input.referredPersonEmail !== undefined ? "referredPersonEmail" : "referredPersonPhone"]: [CORRECTION_UNCHANGED],
    });
  }
  const checks = await correctionCheckQueries(db, before, { email: emailKey, phone: phoneKey }, erasureSecret, Date.now());
  // Counted as a new referral is, before the checks it re-runs (they must not be a free oracle).
  const pace = referralPace(before.connectorId);
  const [hour, day, [connector], contacts, [duplicate]] = await db.batch([
    ...(pace.map(([key, window]) => hitStatement(db, key, window)) as [HitStatement, HitStatement]),
    db.select({ email: connectors.email, phone: connectors.phone }).from(connectors).where(eq(connectors.id, before.connectorId)),
    ...checks,
  ]);
  assertHitsWithin(pace, [hour, day], REFERRALS_TOO_MANY);
  assertNotSelfOrTeamReferral(
    contacts,
    connector ?? { email: null, phone: null },
    { referredPersonEmail: email, referredPersonPhone: phone },
    { email: normaliseEmail, phone: normalisePhone },
  );
  if (duplicate)
    throw conflict(duplicate.mine === 1 ? ownDuplicateReferral(duplicate.id, duplicate.createdAt) : DUPLICATE_REFERRAL);

  // Only a correction that passes spends the referral's mail budget.
  await assertWithinLimits(db, [mailBudget(id)], INTRODUCTION_MAILS_TOO_MANY);
  const now = new Date();
  const corrected = await db.batch([
    supersededIntroductions(db, id),
    db
      .update(referrals)
      .set({
        referredPersonEmail: email,
        referredPersonPhone: phone,
        referredEmailKey: emailKey,
        referredPhoneKey: phoneKey,
        referredEmailDisposable: isDisposableEmail(email),
        // The old link dies now; the new one is minted when the mail goes (decision 055).
        consentTokenHash: null,
        consentExpiresAt: new Date(now.getTime() + CONSENT_WINDOW_DAYS * DAY_MS),
        updatedAt: now,
      })
      .where(stillAwaiting(id))
      .returning({ id: referrals.id }),
    ...introductionMailStatements(db, id),
    // The old details, where they changed, leave every other copy (a message that quoted them).
    ...contactRedactionStatements(db, before, {
      email: emailKey === before.referredEmailKey ? null : before.referredPersonEmail,
      phone: phoneKey === before.referredPhoneKey ? null : before.referredPersonPhone,
    }),
  ]);
  if ((corrected[1] as { id: number }[]).length === 0) throw conflict(NOT_AWAITING_ANSWER);
  return reread(db, actor, id);
}

/** The connector sends the introduction again, to the same details: once an hour, 3 a day (with corrections). */
export async function resendIntroduction(db: Database, actor: SessionUser, id: number) {
  await requireConnectorMove(db, actor, id, "resend");
  await assertWithinLimits(db, [[resendHourKey(id), RESEND_PER_REFERRAL_PER_HOUR]], INTRODUCTION_RESEND_TOO_SOON);
  await assertWithinLimits(db, [mailBudget(id)], INTRODUCTION_MAILS_TOO_MANY);
  await db.batch([supersededIntroductions(db, id), ...introductionMailStatements(db, id)]);
  return reread(db, actor, id);
}

/** What withdrawing tells the business's team. */
export function withdrawalNotice(connectorName: string, referredPersonName: string, businessName: string) {
  return {
    title: `${connectorName} withdrew the introduction of ${referredPersonName}`,
    body: `${connectorName} withdrew the referral of ${referredPersonName} to ${businessName} before they answered. Their details have been erased.`,
  };
}

/**
 * The connector withdraws the referral before the person answered: closed (rejected, reason
 * withdrawn, consent cancelled), the person's details erased from it and every copy, the business
 * told, the events written: one batch. The old link then shows the introduction as closed. A pending
 * referral holds no commission, so the ledger has nothing to reverse.
 */
export async function withdrawReferral(db: Database, actor: SessionUser, id: number, erasureSecret: string) {
  const { row, effects } = await requireConnectorMove(db, actor, id, "withdraw");
  const before = row.referral;
  const now = new Date();
  const consent = effects.consent ?? "cancelled";
  const set = {
    ...(await erasedColumns(before, erasureSecret, consent, now)),
    status: effects.status ?? "rejected",
    rejectionReason: effects.rejectionReason ?? "withdrawn",
  } satisfies Partial<Referral>;
  const after = { ...before, ...set };
  const words = withdrawalNotice(row.connectorName, before.referredPersonName, row.businessName);
  // Everything but the update is written only if the update applied (a racing answer changes nothing).
  const when = sql`exists (select 1 from ${referrals} where ${referrals.id} = ${id} and ${referrals.rejectionReason} = ${set.rejectionReason} and ${referrals.updatedAt} = ${now.getTime()})`;
  const { id: _omit, ...afterFields } = after;
  const data = { ...referralFields(afterFields), businessName: row.businessName, connectorName: row.connectorName };
  const statements: BatchItem<"sqlite">[] = [
    db.update(referrals).set(set).where(stillAwaiting(id)).returning({ id: referrals.id }),
    ...lifecycleStatusChangeStatements(db, { before, to: set.status, byUserId: actor.id, at: now, data, when }),
    ...effectStatements(db, {
      events: [
        {
          businessId: before.businessId,
          connectorId: before.connectorId,
          type: "referral.consent_changed",
          data: { id, previousConsentStatus: before.consentStatus, ...data },
          when,
        },
      ],
      teamNotices: [referralTeamNotice({ before, connectorUserId: row.connectorUserId, words, kind: "referral_consent", when })],
      reputationDue: { businessId: before.businessId, connectorId: before.connectorId },
    }),
    // After the events, so they too read as erased.
    ...erasureStatements(db, before, when),
  ];
  const [applied] = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [{ id: number }[]];
  if (applied.length === 0) throw conflict(NOT_AWAITING_ANSWER);
  return reread(db, actor, id);
}
