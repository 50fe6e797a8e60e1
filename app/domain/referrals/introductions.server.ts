import { and, asc, eq, gt, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ConsentStatus } from "../../../db/enums";
import { businesses, commissions, connectors, type Referral, referrals } from "../../../db/schema";
import { addBusinessDays } from "../../utils/business-days";
import { normaliseEmail, normalisePhone } from "../../utils/contact-keys";
import { sha256Hex } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { isDisposableEmail } from "../../utils/disposable-email.server";
import { requireSecrets } from "../../utils/env.server";
import { AppError, conflict, notFound } from "../../utils/errors.server";
import { assertWithinLimits, hitOf, hitStatement, secondsUntil } from "../../utils/rate-limit.server";
import type { IntroductionAnswer } from "../../validation/introduction";
import { erasedColumns, erasedKeysOf, erasureStatements } from "../accounts/person-erasure.server";
import { reputationStaleStatements } from "../businesses/reputation.server";
import { mailInsert } from "../effects/mail-outbox.server";
import { businessTeamNoticeStatements, notificationInsert } from "../effects/notifications.server";
import { webhookEventStatements } from "../integrations/webhooks.server";
import {
  commissionChangeStatements,
  ledgerConflict,
  ledgerContextColumns,
  standingCommissionJoin,
  toLedgerContext,
} from "../money/ledger.server";
import { assertNotSelfOrTeamReferral, selfOrTeamContactsQuery } from "./abuse.server";
import { referralFields } from "./dto.server";
import {
  effectiveConsent,
  ALREADY_ACCEPTED as LIFECYCLE_ALREADY_ACCEPTED,
  ALREADY_DECLINED as LIFECYCLE_ALREADY_DECLINED,
  INTRODUCTION_LAPSED as LIFECYCLE_INTRODUCTION_LAPSED,
  type LifecycleEffects,
} from "./lifecycle";
import { lifecycleStateOf, requireMove } from "./lifecycle.server";
import { DUPLICATE_WINDOW_DAYS, duplicateReferralQuery } from "./referrals.server";
import { lifecycleStatusChangeStatements } from "./status-change.server";

export const INTRODUCTION_INVALID = "This introduction link is not valid";
// The lifecycle's refusal texts (referral-lifecycle.ts is their home), under the names screens import.
export const INTRODUCTION_LAPSED = LIFECYCLE_INTRODUCTION_LAPSED;
export const ALREADY_ACCEPTED = LIFECYCLE_ALREADY_ACCEPTED;
export const ALREADY_DECLINED = LIFECYCLE_ALREADY_DECLINED;
export const CONFIRMATION_INVALID = "This confirmation link is not valid";
/**
 * A correction that fails the duplicate, erased-person or self/team check (decision 123): one fixed
 * text whichever failed, so the link holder learns no more than the duplicate rule tells (decision 110).
 */
export const CORRECTION_REFUSED =
  "These details cannot be used for this introduction: the business may already be in touch with this person, or they asked not to be introduced. Keep the details the introduction was sent with, or contact the business directly.";
/** A corrected address's confirmation link works at least this long, even past the introduction's own lapse date. */
export const EMAIL_CONFIRMATION_MIN_MS = 2 * 24 * 60 * 60 * 1000;
export const INTRODUCTION_TOO_MANY = "Too many attempts. Please try again later.";
/** Per client, over the page and the API together: far above a person answering, far below a scan. */
export const INTRODUCTION_HITS_PER_CLIENT = { limit: 30, windowMs: 10 * 60 * 1000 };
/** Referrals the scheduled job expires per run (a minute); the rest wait for the next run. */
export const EXPIRY_BATCH = 25;

const CONSENT_DETAIL = (id: number) => `/referrals/${id}`;

/** Counts one look at or answer to an introduction link by this client; 429 past the limit. */
export function assertIntroductionPace(db: Database, client: string) {
  return assertWithinLimits(db, [[`intro:client:${client}`, INTRODUCTION_HITS_PER_CLIENT]], INTRODUCTION_TOO_MANY);
}

const introductionColumns = {
  referral: referrals,
  businessName: businesses.companyName,
  businessSector: businesses.sector,
  businessDescription: businesses.description,
  businessWebsite: businesses.website,
  businessWindowDays: businesses.responseWindowDays,
  connectorName: connectors.name,
  connectorUserId: connectors.userId,
  connectorEmail: connectors.email,
  connectorPhone: connectors.phone,
  // A decline or lapse before completion reverses an unpaid commission (issue 33): the standing one.
  ...ledgerContextColumns,
};

function introductionQuery(db: Database) {
  return db
    .select(introductionColumns)
    .from(referrals)
    .innerJoin(businesses, eq(businesses.id, referrals.businessId))
    .innerJoin(connectors, eq(connectors.id, referrals.connectorId))
    .leftJoin(commissions, standingCommissionJoin(referrals.id));
}
type IntroductionRow = Awaited<ReturnType<ReturnType<typeof introductionQuery>["all"]>>[number];

// The consent rule lives with the lifecycle; re-exported for this module's callers.
export { effectiveConsent };

async function rowByToken(db: Database, token: string) {
  // Tokens are base64url; anything else (or anything far too long) cannot match, so it costs no query.
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) return undefined;
  return introductionQuery(db)
    .where(eq(referrals.consentTokenHash, await sha256Hex(token)))
    .get();
}

/** What the person holding the link sees: the introduction, and their own details until erased. */
function toIntroductionView(row: IntroductionRow, now = Date.now()) {
  const r = row.referral;
  const status = effectiveConsent(r, now);
  const own = status === "awaiting" || status === "given";
  return {
    consentStatus: status,
    referredPersonName: r.referredPersonName,
    referredPersonEmail: own ? r.referredPersonEmail : null,
    referredPersonPhone: own ? r.referredPersonPhone : null,
    // A corrected address waiting for its confirmation link to be followed (decision 123).
    emailToConfirm: status === "awaiting" ? r.pendingPersonEmail : null,
    connectorName: row.connectorName,
    notes: r.notes,
    // Whose words the notes are: a business that registered the referral wrote them, not the connector (decision 128).
    notesAuthor: r.registeredBy === "business" ? row.businessName : row.connectorName,
    business: {
      id: r.businessId,
      companyName: row.businessName,
      sector: row.businessSector,
      description: row.businessDescription,
      website: row.businessWebsite,
      profilePath: `/refer/${r.businessId}`,
    },
    consentExpiresAt: r.consentExpiresAt?.toISOString() ?? null,
    consentDecidedAt: r.consentDecidedAt?.toISOString() ?? null,
  };
}
export type IntroductionView = ReturnType<typeof toIntroductionView>;

/**
 * The introduction behind a link, for anyone holding it (no login: the link went to the person), with
 * this client's look counted in the same round trip. 429 past the limit, 404 for an unknown link.
 */
export async function findIntroduction(db: Database, token: string, client: string): Promise<IntroductionView> {
  const { row } = await countedLookup(db, referrals.consentTokenHash, token, client);
  if (!row) throw notFound(INTRODUCTION_INVALID);
  return toIntroductionView(row);
}

/**
 * The introduction whose `column` holds the link's hash, with this client's look counted in the same
 * round trip (the introduction links and the corrected address's confirmation links share the limit).
 */
async function countedLookup(
  db: Database,
  column: typeof referrals.consentTokenHash | typeof referrals.pendingEmailTokenHash,
  token: string,
  client: string,
) {
  const hit = hitStatement(db, `intro:client:${client}`, INTRODUCTION_HITS_PER_CLIENT);
  // Tokens are base64url; anything else cannot match, so it is looked up as nothing.
  const hash = /^[A-Za-z0-9_-]{1,100}$/.test(token) ? await sha256Hex(token) : "";
  const [hits, rows] = await db.batch([hit, introductionQuery(db).where(eq(column, hash)).limit(1)]);
  const counted = hitOf(hits[0], INTRODUCTION_HITS_PER_CLIENT);
  if (counted.count > INTRODUCTION_HITS_PER_CLIENT.limit) {
    throw new AppError(429, INTRODUCTION_TOO_MANY, undefined, { "Retry-After": String(secondsUntil(counted.endsAt)) });
  }
  return { row: hash ? rows[0] : undefined };
}

/**
 * The introduction behind a corrected address's confirmation link (decision 123), throttled with the
 * introduction links themselves. 404 for an unknown or spent link.
 */
export async function findEmailConfirmation(db: Database, token: string, client: string): Promise<IntroductionView> {
  const { row } = await countedLookup(db, referrals.pendingEmailTokenHash, token, client);
  if (!row) throw notFound(CONFIRMATION_INVALID);
  const view = toIntroductionView(row);
  // Waiting for this confirmation, or confirmed by it (the page then shows the outcome); else spent.
  if (view.emailToConfirm === null && view.consentStatus !== "given") throw notFound(CONFIRMATION_INVALID);
  return view;
}

/** What a consent change tells the connector and the business's team (in the app and by mail). */
export function consentNotices(
  change: "given" | "declined" | "withdrawn" | "expired",
  name: string,
  businessName: string,
  /** The change closed the referral (issue 33): it was not completed, and now never will be. */
  closed = false,
) {
  const closing = closed ? " The referral is closed." : "";
  switch (change) {
    case "given":
      return {
        connector: {
          title: `${name} accepted your introduction`,
          body: `${name} agreed to be introduced to ${businessName}. The business can now see their email and phone.`,
        },
        business: {
          title: `${name} accepted the introduction`,
          body: `${name} agreed to be introduced to ${businessName}. Their email and phone are now on the referral.`,
        },
      };
    case "declined":
    case "withdrawn": {
      const verb = change === "declined" ? "declined" : "withdrew their consent to";
      const body = `${name} ${verb} the introduction to ${businessName}. Their email and phone have been erased.${closing}`;
      return {
        connector: { title: `${name} ${change === "declined" ? "declined" : "withdrew from"} your introduction`, body },
        business: { title: `${name} ${change === "declined" ? "declined" : "withdrew from"} the introduction`, body },
      };
    }
    case "expired": {
      const body = `${name} did not answer the introduction to ${businessName} within 14 days. Their email and phone have been erased.${closing}`;
      return {
        connector: { title: `${name} did not answer your introduction`, body },
        business: { title: `The introduction of ${name} lapsed`, body },
      };
    }
  }
}

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
  const path = CONSENT_DETAIL(id);
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
    notificationInsert(db, { userId: row.connectorUserId, ...words.connector, link: path, referralId: id, when }),
    mailInsert(db, { kind: "referral_consent", userId: row.connectorUserId, payload: { ...words.connector, path } }, { when }),
    ...businessTeamNoticeStatements(db, {
      businessId: before.businessId,
      exceptUserId: row.connectorUserId,
      ...words.business,
      link: path,
      referralId: id,
      mail: { kind: "referral_consent", payload: { ...words.business, path } },
      when,
    }),
    // Consent decides which referrals the business's figures count (decision 061).
    ...reputationStaleStatements(db, { businessId: before.businessId, connectorId: before.connectorId }),
    ...webhookEventStatements(db, {
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
export function introductionMailInsert(db: Database, referralId: number | SQL) {
  return mailInsert(db, { kind: "introduction", payload: sql`json_object('referralId', ${referralId})` });
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
  const [erasedEmail, erasedPhone] = await erasedKeysOf(secret, email, phone);
  const [contacts, duplicates] = await db.batch([
    selfOrTeamContactsQuery(db, r.connectorId, r.businessId),
    duplicateReferralQuery(db, {
      businessId: r.businessId,
      connectorId: r.connectorId,
      emailKeys: [email, erasedEmail],
      phoneKeys: [phone, erasedPhone],
      since: new Date(nowMs - DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000),
      exceptReferralId: r.id,
    }),
  ]);
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

/** The confirmation mail of a corrected address: it names only the referral, the address is read when it goes. */
function emailConfirmationMailInsert(db: Database, referralId: number, when: SQL) {
  return mailInsert(db, { kind: "introduction_email_confirm", payload: { referralId } }, { when });
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
        emailConfirmationMailInsert(db, r.id, when),
      ];
    } else {
      statements = consentChangeStatements(db, {
        row,
        change: "given",
        from: "awaiting",
        effects,
        set: {
          ...corrected,
          consentStatus: effects.consent ?? "given",
          consentDecidedAt: now,
          reviewDueAt: addBusinessDays(now, row.businessWindowDays),
          referredPersonEmail: email,
          referredEmailKey: normaliseEmail(email),
          // A corrected address is judged again (decision 062).
          referredEmailDisposable: isDisposableEmail(email),
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
  const updated = await introductionQuery(db).where(eq(referrals.id, r.id)).get();
  if (!updated) throw notFound(INTRODUCTION_INVALID);
  if (applied.length === 0) {
    // Another answer landed first: say what it was, as if this one had come after it.
    const now = effectiveConsent(updated.referral);
    throw conflict(now === "given" ? ALREADY_ACCEPTED : now === "expired" ? INTRODUCTION_LAPSED : ALREADY_DECLINED);
  }
  return toIntroductionView(updated);
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
        consentStatus: effects.consent ?? "given",
        consentDecidedAt: now,
        reviewDueAt: addBusinessDays(now, row.businessWindowDays),
        referredPersonEmail: email,
        referredEmailKey: normaliseEmail(email),
        referredEmailDisposable: isDisposableEmail(email),
        // The token stays, so the link shows the outcome; a later answer or erasure clears it.
        pendingPersonEmail: null,
        updatedAt: now,
      },
    }),
  )) as [{ id: number }[]];
  const updated = await introductionQuery(db).where(eq(referrals.id, r.id)).get();
  if (!updated) throw notFound(CONFIRMATION_INVALID);
  if (applied.length === 0) {
    const now = effectiveConsent(updated.referral);
    throw conflict(now === "given" ? ALREADY_ACCEPTED : now === "expired" ? INTRODUCTION_LAPSED : ALREADY_DECLINED);
  }
  return toIntroductionView(updated);
}

/**
 * The scheduled job's sweep (decision 055): introductions nobody answered within 14 days lapse as the
 * lifecycle says (issue 33): expired, their email and phone erased, and before completion the
 * referral closed (rejected, "no_answer"), the connector and the business told. Bounded per run; the
 * index on (consent_status, consent_expires_at) finds them.
 */
export async function expireIntroductions(db: Database, secret: string, nowMs = Date.now(), limit = EXPIRY_BATCH) {
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

/**
 * The introduction mail's recipient and words, resolved when it is sent (decision 055): the address
 * is read from the referral then (so a mail queued before an erasure is skipped), and a fresh link
 * token is minted, only its SHA-256 kept on the referral.
 */
export function introductionMailDetails(db: Database, referralId: number, tokenHash: string, nowMs: number) {
  return mintedLink(db, {
    referralId,
    set: { consentTokenHash: tokenHash },
    // Never in a connector's name before they confirm a business's registration (decision 128).
    still: eq(referrals.connectorConfirmation, "confirmed"),
    to: (r) => r.referredPersonEmail,
    nowMs,
  });
}

/**
 * The corrected address's confirmation mail, resolved when it is sent (decision 123): a fresh link
 * token, only its SHA-256 kept; skipped once the person answered otherwise or the introduction lapsed.
 */
export function emailConfirmationMailDetails(db: Database, referralId: number, tokenHash: string, nowMs: number) {
  return mintedLink(db, {
    referralId,
    set: { pendingEmailTokenHash: tokenHash },
    still: isNotNull(referrals.pendingPersonEmail),
    to: (r) => r.pendingPersonEmail,
    nowMs,
  });
}

/**
 * A link's token hash stored on a referral still awaiting its person's answer (and `still`), and the
 * address and words of its mail; undefined when the referral moved on (a lapsed one is left for the
 * scheduled job to erase) or has no address to send to.
 */
async function mintedLink(
  db: Database,
  link: {
    referralId: number;
    set: Partial<Referral>;
    still: SQL;
    to: (r: Referral) => string | null;
    nowMs: number;
  },
) {
  const issued = await db
    .update(referrals)
    .set(link.set)
    .where(
      and(
        eq(referrals.id, link.referralId),
        eq(referrals.consentStatus, "awaiting"),
        link.still,
        gt(referrals.consentExpiresAt, new Date(link.nowMs)),
      ),
    )
    .returning({ id: referrals.id })
    .get();
  if (!issued) return undefined;
  const row = await introductionQuery(db).where(eq(referrals.id, link.referralId)).get();
  const to = row ? link.to(row.referral) : null;
  if (!row || !to) return undefined;
  return { to, view: toIntroductionView(row, link.nowMs) };
}

/** The scheduled job's entry: the erasure key comes from the environment. */
export function expireIntroductionsFor(db: Database, env: CloudflareEnv, nowMs = Date.now()) {
  return expireIntroductions(db, requireSecrets(env).passwordPepper, nowMs);
}
