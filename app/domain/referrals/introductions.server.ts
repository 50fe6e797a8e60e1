import { and, asc, eq, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ConsentStatus } from "../../../db/enums";
import { type Referral, referrals } from "../../../db/schema";
import { addBusinessDays } from "../../utils/business-days";
import { normaliseEmail, normalisePhone } from "../../utils/contact-keys";
import { sha256Hex } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { isDisposableEmail } from "../../utils/disposable-email.server";
import { requireSecrets } from "../../utils/env.server";
import { AppError, conflict, notFound } from "../../utils/errors.server";
import type { IntroductionAnswer } from "../../validation/introduction";
import { erasedColumns, erasureStatements } from "../accounts/person-erasure.server";
import { effectStatements } from "../effects/effects.server";
import { commissionChangeStatements, ledgerConflict, toLedgerContext } from "../money/ledger.server";
import type { SystemActor } from "../parties/system.server";
import { assertNotSelfOrTeamReferral } from "./abuse.server";
import { referralFields } from "./dto.server";
import { correctionCheckQueries } from "./duplicates.server";
import {
  CONFIRMATION_INVALID,
  INTRODUCTION_INVALID,
  type IntroductionRow,
  type IntroductionView,
  introductionQuery,
  rowByToken,
  toIntroductionView,
} from "./introduction-view.server";
import {
  effectiveConsent,
  ALREADY_ACCEPTED as LIFECYCLE_ALREADY_ACCEPTED,
  ALREADY_DECLINED as LIFECYCLE_ALREADY_DECLINED,
  INTRODUCTION_LAPSED as LIFECYCLE_INTRODUCTION_LAPSED,
  type LifecycleEffects,
} from "./lifecycle";
import { lifecycleStateOf, requireMove } from "./lifecycle.server";
import { consentNotices } from "./notices.server";
import { lifecycleStatusChangeStatements, referralTeamNotice } from "./status-change.server";

// The lifecycle's refusal texts (lifecycle.ts is their home), under the names screens import.
export const INTRODUCTION_LAPSED = LIFECYCLE_INTRODUCTION_LAPSED;
export const ALREADY_ACCEPTED = LIFECYCLE_ALREADY_ACCEPTED;
export const ALREADY_DECLINED = LIFECYCLE_ALREADY_DECLINED;
/**
 * A correction that fails the duplicate, erased-person or self/team check (decision 123): one fixed
 * text whichever failed, so the link holder learns no more than the duplicate rule tells (decision 110).
 */
export const CORRECTION_REFUSED =
  "These details cannot be used for this introduction: the business may already be in touch with this person, or they asked not to be introduced. Keep the details the introduction was sent with, or contact the business directly.";
/** A corrected address's confirmation link works at least this long, even past the introduction's own lapse date. */
export const EMAIL_CONFIRMATION_MIN_MS = 2 * 24 * 60 * 60 * 1000;
/** Referrals the scheduled job expires per run (a minute); the rest wait for the next run. */
export const EXPIRY_BATCH = 25;

// The consent rule lives with the lifecycle; re-exported for this module's callers.
export { effectiveConsent };

type ConsentChange = {
  row: IntroductionRow;
  change: "given" | "declined" | "withdrawn" | "expired";
  /** The row's columns after the change (what the update sets; its status and time mark it as this change's). */
  set: Partial<Referral> & Pick<Referral, "consentStatus" | "updatedAt">;
  /** The consent status the update expects, so a second answer racing this one changes nothing. */
  from: ConsentStatus;
  /** What the lifecycle said the move implies (issue 33): a closing status, an erasure, the ledger. */
  effects: LifecycleEffects;
};

/**
 * One consent change as statements for one batch: the referral's update, the connector's and the
 * business team's notices and mail, and the webhook event (with the contact details only when given).
 * When the lifecycle closes the referral (a decline or lapse before completion), the same batch
 * writes its status, a history row by no one (the person or the schedule), referral.status_changed,
 * the reversal of an unpaid commission, and the erasure of every other copy of the details.
 */
function consentChangeStatements(
  db: Database,
  { row, change, set: changes, from, effects }: ConsentChange,
): BatchItem<"sqlite">[] {
  const before = row.referral;
  const id = before.id;
  const closes = effects.status !== undefined && effects.status !== before.status;
  const set = closes
    ? { ...changes, status: effects.status, rejectionReason: effects.rejectionReason ?? before.rejectionReason }
    : changes;
  const after = { ...before, ...set };
  const words = consentNotices(change, after.referredPersonName, row.businessName, closes);
  const path = `/referrals/${id}`;
  const { id: _omit, ...afterFields } = after;
  // Everyone is told only if this very update applied: a second answer racing it (or the expiry
  // sweep) read the same "from" but changes nothing, and must tell no one.
  const when = sql`exists (select 1 from ${referrals} where ${referrals.id} = ${id} and ${referrals.consentStatus} = ${set.consentStatus} and ${referrals.updatedAt} = ${set.updatedAt.getTime()})`;
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(referrals)
      .set(set)
      .where(and(eq(referrals.id, id), eq(referrals.consentStatus, from)))
      .returning({ id: referrals.id }),
    ...effectStatements(db, {
      events: [
        {
          businessId: before.businessId,
          connectorId: before.connectorId,
          type: "referral.consent_changed",
          data: {
            id,
            previousConsentStatus: from,
            ...referralFields(afterFields),
            businessName: row.businessName,
            connectorName: row.connectorName,
          },
          when,
        },
      ],
      notices: [{ userId: row.connectorUserId, ...words.connector, link: path, referralId: id, when }],
      teamNotices: [
        referralTeamNotice({
          before,
          connectorUserId: row.connectorUserId,
          words: words.business,
          kind: "referral_consent",
          when,
        }),
      ],
      mail: [{ kind: "referral_consent", userId: row.connectorUserId, payload: { ...words.connector, path }, when }],
      // Consent decides which referrals the business's figures count (decision 061).
      reputationDue: { businessId: before.businessId, connectorId: before.connectorId },
    }),
  ];
  if (closes && effects.status) {
    statements.push(
      ...lifecycleStatusChangeStatements(db, {
        before,
        to: effects.status,
        byUserId: null,
        at: set.updatedAt,
        data: { ...referralFields(afterFields), businessName: row.businessName, connectorName: row.connectorName },
        when,
      }),
    );
  }
  if (effects.commission === "reverse") {
    const ledger = toLedgerContext(row);
    statements.push(
      ...commissionChangeStatements(db, {
        referral: before,
        standing: ledger.standing,
        holdDays: ledger.holdDays,
        next: { status: after.status, revenueHundredths: after.revenueReceived, currency: after.revenueCurrency },
        now: set.updatedAt,
      }),
    );
  }
  // A decline, withdrawal or lapse erases every other copy of the details too (issue 33, part 4),
  // last: the events above carry the notes as they stood, and are redacted with the rest.
  if (change !== "given") statements.push(...erasureStatements(db, before, when));
  return statements;
}

/** The batch of consent changes, a ledger that moved under it answered as the ledger's 409. */
async function runBatch(db: Database, statements: BatchItem<"sqlite">[]) {
  try {
    return await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    throw ledgerConflict(error) ?? error;
  }
}

/** The introduction mail's outbox row: it names only the referral (decision 055). */
export function introductionMailStatements(db: Database, referralId: number | SQL) {
  return effectStatements(db, { mail: [{ kind: "introduction", payload: sql`json_object('referralId', ${referralId})` }] });
}

/**
 * The confirmation mail of a person who introduced themselves through a connector's personal link
 * (decision 180): the same link as a corrected address's, and following it is their consent.
 */
export function emailConfirmationRequestStatements(db: Database, referralId: number | SQL) {
  return effectStatements(db, {
    mail: [{ kind: "introduction_email_confirm", payload: sql`json_object('referralId', ${referralId})` }],
  });
}

/**
 * Whether corrected details pass the checks a new referral's do (issue 33, decision 123): no
 * other standing referral of this person to this business in the duplicate window (this very one
 * not counted), not an erased person's keys, not the connector's own or the business team's
 * contact. One batch of reads; refused with CORRECTION_REFUSED (409) whichever check failed.
 */
async function assertCorrectionAllowed(
  db: Database,
  row: IntroductionRow,
  corrected: { email: string; phone: string },
  secret: string,
  nowMs: number,
) {
  const r = row.referral;
  const email = normaliseEmail(corrected.email);
  const phone = normalisePhone(corrected.phone);
  const [contacts, duplicates] = await db.batch(await correctionCheckQueries(db, r, { email, phone }, secret, nowMs));
  if (duplicates.length > 0) throw conflict(CORRECTION_REFUSED);
  try {
    assertNotSelfOrTeamReferral(
      contacts,
      { email: row.connectorEmail, phone: row.connectorPhone },
      { referredPersonEmail: corrected.email, referredPersonPhone: corrected.phone },
      { email: normaliseEmail, phone: normalisePhone },
    );
  } catch (error) {
    if (error instanceof AppError) throw conflict(CORRECTION_REFUSED);
    throw error;
  }
}

/**
 * Consent given for `email` (the person's own, now): the business's review clock starts, and the
 * address is judged again, as a corrected one must be (decision 062).
 */
function consentGivenColumns(row: IntroductionRow, effects: LifecycleEffects, email: string, now: Date) {
  return {
    consentStatus: effects.consent ?? "given",
    consentDecidedAt: now,
    reviewDueAt: addBusinessDays(now, row.businessWindowDays),
    referredPersonEmail: email,
    referredEmailKey: normaliseEmail(email),
    referredEmailDisposable: isDisposableEmail(email),
  } satisfies Partial<Referral>;
}

/** The introduction after an answer's batch, or 409 when another answer landed first (`applied` empty). */
async function answeredView(db: Database, referralId: number, applied: { id: number }[], notFoundMessage: string) {
  const updated = await introductionQuery(db).where(eq(referrals.id, referralId)).get();
  if (!updated) throw notFound(notFoundMessage);
  if (applied.length === 0) {
    // Say what the other answer was, as if this one had come after it.
    const now = effectiveConsent(updated.referral);
    throw conflict(now === "given" ? ALREADY_ACCEPTED : now === "expired" ? INTRODUCTION_LAPSED : ALREADY_DECLINED);
  }
  return toIntroductionView(updated);
}

/** The confirmation mail of a corrected address: it names only the referral, the address is read when it goes. */
function emailConfirmationMailStatements(db: Database, referralId: number, when: SQL) {
  return effectStatements(db, { mail: [{ kind: "introduction_email_confirm", payload: { referralId }, when }] });
}

/**
 * The person's answer (decision 055), as the lifecycle allows it (issue 33): accept gives consent and
 * starts the business's review clock; a corrected name or phone is taken at once, a corrected email
 * only once the link mailed to it is followed (consent stays awaiting until then, decision 123), and
 * any corrected contact passes the checks of a new referral first. Decline erases their email and
 * phone for good and, before completion, closes the referral (rejected, "person_declined"); after
 * accepting it withdraws consent the same way. Each lands in one batch with its notices, mail,
 * webhook events and ledger. 404 for an unknown link, 409 for an answer the introduction cannot take.
 */
export async function answerIntroduction(
  db: Database,
  token: string,
  answer: IntroductionAnswer,
  secret: string,
): Promise<IntroductionView> {
  const row = await rowByToken(db, token);
  if (!row) throw notFound(INTRODUCTION_INVALID);
  const nowMs = Date.now();
  const now = new Date(nowMs);
  const r = row.referral;
  const state = lifecycleStateOf(r, nowMs);
  const effects = requireMove(state, "person", answer.decision);
  let statements: BatchItem<"sqlite">[];
  if (answer.decision === "accept") {
    const currentEmail = r.referredPersonEmail ?? "";
    const currentPhone = r.referredPersonPhone ?? "";
    const email = answer.referredPersonEmail ?? currentEmail;
    const phone = answer.referredPersonPhone ?? currentPhone;
    const emailChanged = normaliseEmail(email) !== normaliseEmail(currentEmail);
    const phoneChanged = normalisePhone(phone) !== normalisePhone(currentPhone);
    if (emailChanged || phoneChanged) await assertCorrectionAllowed(db, row, { email, phone }, secret, nowMs);
    const corrected = {
      referredPersonName: answer.referredPersonName ?? r.referredPersonName,
      referredPersonPhone: phone,
      referredPhoneKey: normalisePhone(phone),
      updatedAt: now,
    } satisfies Partial<Referral>;
    if (emailChanged) {
      // Consent waits for the new address's confirmation; the link is minted when the mail goes.
      const expiresAt = r.consentExpiresAt?.getTime() ?? nowMs;
      const set = {
        ...corrected,
        pendingPersonEmail: email,
        pendingEmailTokenHash: null,
        consentExpiresAt: new Date(Math.max(expiresAt, nowMs + EMAIL_CONFIRMATION_MIN_MS)),
      } satisfies Partial<Referral>;
      const when = sql`exists (select 1 from ${referrals} where ${referrals.id} = ${r.id} and ${referrals.consentStatus} = 'awaiting' and ${referrals.updatedAt} = ${now.getTime()})`;
      statements = [
        db
          .update(referrals)
          .set(set)
          .where(and(eq(referrals.id, r.id), eq(referrals.consentStatus, "awaiting")))
          .returning({ id: referrals.id }),
        ...emailConfirmationMailStatements(db, r.id, when),
      ];
    } else {
      statements = consentChangeStatements(db, {
        row,
        change: "given",
        from: "awaiting",
        effects,
        set: {
          ...corrected,
          ...consentGivenColumns(row, effects, email, now),
          pendingPersonEmail: null,
          pendingEmailTokenHash: null,
        },
      });
    }
  } else {
    statements = consentChangeStatements(db, {
      row,
      change: state.consent === "given" ? "withdrawn" : "declined",
      from: state.consent,
      effects,
      set: await erasedColumns(r, secret, effects.consent ?? "declined", now),
    });
  }
  const [applied] = (await runBatch(db, statements)) as [{ id: number }[]];
  return answeredView(db, r.id, applied, INTRODUCTION_INVALID);
}

/**
 * The link mailed to a corrected address is followed (decision 123): the address is the person's, so
 * consent counts now, with it. The checks run again (the world may have moved since the answer), and
 * the lifecycle must still allow the acceptance. 404 for an unknown or spent link.
 */
export async function confirmIntroductionEmail(db: Database, token: string, secret: string): Promise<IntroductionView> {
  const hash = /^[A-Za-z0-9_-]{1,100}$/.test(token) ? await sha256Hex(token) : "";
  const row = hash ? await introductionQuery(db).where(eq(referrals.pendingEmailTokenHash, hash)).get() : undefined;
  if (!row) throw notFound(CONFIRMATION_INVALID);
  const nowMs = Date.now();
  const now = new Date(nowMs);
  const r = row.referral;
  const effects = requireMove(lifecycleStateOf(r, nowMs), "person", "accept");
  const email = r.pendingPersonEmail;
  if (!email) throw notFound(CONFIRMATION_INVALID);
  await assertCorrectionAllowed(db, row, { email, phone: r.referredPersonPhone ?? "" }, secret, nowMs);
  const [applied] = (await runBatch(
    db,
    consentChangeStatements(db, {
      row,
      change: "given",
      from: "awaiting",
      effects,
      set: {
        ...consentGivenColumns(row, effects, email, now),
        // The token stays, so the link shows the outcome; a later answer or erasure clears it.
        pendingPersonEmail: null,
        updatedAt: now,
      },
    }),
  )) as [{ id: number }[]];
  return answeredView(db, r.id, applied, CONFIRMATION_INVALID);
}

/**
 * The scheduled job's sweep (decision 055): introductions nobody answered within 14 days lapse as the
 * lifecycle says (issue 33): expired, their email and phone erased, and before completion the
 * referral closed (rejected, "no_answer"), the connector and the business told. Bounded per run; the
 * index on (consent_status, consent_expires_at) finds them.
 */
export async function expireIntroductions(
  db: Database,
  _system: SystemActor,
  secret: string,
  nowMs = Date.now(),
  limit = EXPIRY_BATCH,
) {
  const now = new Date(nowMs);
  const due = await introductionQuery(db)
    .where(and(eq(referrals.consentStatus, "awaiting"), lte(referrals.consentExpiresAt, now)))
    .orderBy(asc(referrals.consentExpiresAt), asc(referrals.id))
    .limit(limit);
  if (due.length === 0) return { expired: 0 };
  const statements: BatchItem<"sqlite">[] = [];
  for (const row of due) {
    const effects = requireMove(lifecycleStateOf(row.referral, nowMs), "system", "lapse");
    statements.push(
      ...consentChangeStatements(db, {
        row,
        change: "expired",
        from: "awaiting",
        effects,
        set: await erasedColumns(row.referral, secret, effects.consent ?? "expired", now),
      }),
    );
  }
  await runBatch(db, statements);
  return { expired: due.length };
}

/** The scheduled job's entry: the erasure key comes from the environment. */
export function expireIntroductionsFor(db: Database, system: SystemActor, env: CloudflareEnv, nowMs = Date.now()) {
  return expireIntroductions(db, system, requireSecrets(env).passwordPepper, nowMs);
}
