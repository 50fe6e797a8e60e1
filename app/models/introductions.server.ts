import { and, asc, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ConsentStatus } from "../../db/enums";
import { businesses, connectors, type Referral, referrals } from "../../db/schema";
import { addBusinessDays } from "../utils/business-days";
import { normaliseEmail, normalisePhone } from "../utils/contact-keys";
import { sha256Hex } from "../utils/crypto.server";
import type { Database } from "../utils/db.server";
import { isDisposableEmail } from "../utils/disposable-email.server";
import { requireSecrets } from "../utils/env.server";
import { AppError, conflict, notFound } from "../utils/errors.server";
import { assertWithinLimits, hitOf, hitStatement, secondsUntil } from "../utils/rate-limit.server";
import type { IntroductionAnswer } from "../validation/introduction";
import { mailInsert } from "./mail/outbox.server";
import { businessTeamNoticeStatements, notificationInsert } from "./notifications.server";
import { erasedColumns } from "./person-erasure.server";
import { referralFields } from "./referral-dto.server";
import { reputationStaleStatements } from "./reputation.server";
import { webhookEventStatements } from "./webhooks.server";

export const INTRODUCTION_INVALID = "This introduction link is not valid";
export const INTRODUCTION_LAPSED = "This introduction has lapsed";
export const ALREADY_ACCEPTED = "You already accepted this introduction";
export const ALREADY_DECLINED = "You already declined this introduction";
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
};

function introductionQuery(db: Database) {
  return db
    .select(introductionColumns)
    .from(referrals)
    .innerJoin(businesses, eq(businesses.id, referrals.businessId))
    .innerJoin(connectors, eq(connectors.id, referrals.connectorId));
}
type IntroductionRow = Awaited<ReturnType<ReturnType<typeof introductionQuery>["all"]>>[number];

/** awaiting past its lapse date counts as expired at once, before the scheduled job erases it. */
export function effectiveConsent(r: Pick<Referral, "consentStatus" | "consentExpiresAt">, now = Date.now()): ConsentStatus {
  if (r.consentStatus === "awaiting" && r.consentExpiresAt && r.consentExpiresAt.getTime() <= now) return "expired";
  return r.consentStatus;
}

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
  const key = `intro:client:${client}`;
  const hit = hitStatement(db, key, INTRODUCTION_HITS_PER_CLIENT);
  const hash = /^[A-Za-z0-9_-]{1,100}$/.test(token) ? await sha256Hex(token) : "";
  const [hits, rows] = await db.batch([hit, introductionQuery(db).where(eq(referrals.consentTokenHash, hash)).limit(1)]);
  const counted = hitOf(hits[0], INTRODUCTION_HITS_PER_CLIENT);
  if (counted.count > INTRODUCTION_HITS_PER_CLIENT.limit) {
    throw new AppError(429, INTRODUCTION_TOO_MANY, undefined, { "Retry-After": String(secondsUntil(counted.endsAt)) });
  }
  const row = rows[0];
  if (!row) throw notFound(INTRODUCTION_INVALID);
  return toIntroductionView(row);
}

/** What a consent change tells the connector and the business's team (in the app and by mail). */
export function consentNotices(change: "given" | "declined" | "withdrawn" | "expired", name: string, businessName: string) {
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
      const body = `${name} ${verb} the introduction to ${businessName}. Their email and phone have been erased.`;
      return {
        connector: { title: `${name} ${change === "declined" ? "declined" : "withdrew from"} your introduction`, body },
        business: { title: `${name} ${change === "declined" ? "declined" : "withdrew from"} the introduction`, body },
      };
    }
    case "expired": {
      const body = `${name} did not answer the introduction to ${businessName} within 14 days. Their email and phone have been erased.`;
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
};

/**
 * One consent change as statements for one batch: the referral's update, the connector's and the
 * business team's notices and mail, and the webhook event (with the contact details only when given).
 */
function consentChangeStatements(db: Database, { row, change, set, from }: ConsentChange): BatchItem<"sqlite">[] {
  const before = row.referral;
  const id = before.id;
  const after = { ...before, ...set };
  const words = consentNotices(change, after.referredPersonName, row.businessName);
  const path = CONSENT_DETAIL(id);
  const { id: _omit, ...afterFields } = after;
  // Everyone is told only if this very update applied: a second answer racing it (or the expiry
  // sweep) read the same "from" but changes nothing, and must tell no one.
  const when = sql`exists (select 1 from ${referrals} where ${referrals.id} = ${id} and ${referrals.consentStatus} = ${set.consentStatus} and ${referrals.updatedAt} = ${set.updatedAt.getTime()})`;
  return [
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
}

/** The introduction mail's outbox row: it names only the referral (decision 055). */
export function introductionMailInsert(db: Database, referralId: number | SQL) {
  return mailInsert(db, { kind: "introduction", payload: sql`json_object('referralId', ${referralId})` });
}

/**
 * The person's answer (decision 055): accept (with corrected details if they gave any) gives consent
 * and starts the business's review clock; decline erases their email and phone for good; a decline
 * after accepting withdraws consent and erases the same way. Each lands in one batch with its notices,
 * mail and webhook event. 404 for an unknown link, 409 for an answer the introduction cannot take.
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
  const status = effectiveConsent(row.referral, nowMs);
  if (status === "expired") throw conflict(INTRODUCTION_LAPSED);
  if (status === "declined") throw conflict(ALREADY_DECLINED);
  let change: ConsentChange;
  if (answer.decision === "accept") {
    if (status === "given") throw conflict(ALREADY_ACCEPTED);
    const email = answer.referredPersonEmail ?? row.referral.referredPersonEmail ?? "";
    const phone = answer.referredPersonPhone ?? row.referral.referredPersonPhone ?? "";
    change = {
      row,
      change: "given",
      from: "awaiting",
      set: {
        consentStatus: "given",
        consentDecidedAt: now,
        reviewDueAt: addBusinessDays(now, row.businessWindowDays),
        referredPersonName: answer.referredPersonName ?? row.referral.referredPersonName,
        referredPersonEmail: email,
        referredPersonPhone: phone,
        referredEmailKey: normaliseEmail(email),
        referredPhoneKey: normalisePhone(phone),
        // A corrected address is judged again (decision 062).
        referredEmailDisposable: isDisposableEmail(email),
        updatedAt: now,
      },
    };
  } else {
    change = {
      row,
      change: status === "given" ? "withdrawn" : "declined",
      from: status,
      set: await erasedColumns(row.referral, secret, "declined", now),
    };
  }
  const [applied] = (await db.batch(consentChangeStatements(db, change) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [
    { id: number }[],
  ];
  const updated = await introductionQuery(db).where(eq(referrals.id, row.referral.id)).get();
  if (!updated) throw notFound(INTRODUCTION_INVALID);
  if (applied.length === 0) {
    // Another answer landed first: say what it was, as if this one had come after it.
    const now = effectiveConsent(updated.referral);
    throw conflict(now === "given" ? ALREADY_ACCEPTED : now === "expired" ? INTRODUCTION_LAPSED : ALREADY_DECLINED);
  }
  return toIntroductionView(updated);
}

/**
 * The scheduled job's sweep (decision 055): introductions nobody answered within 14 days become
 * expired, their email and phone erased, the connector and the business told. Bounded per run; the
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
    statements.push(
      ...consentChangeStatements(db, {
        row,
        change: "expired",
        from: "awaiting",
        set: await erasedColumns(row.referral, secret, "expired", now),
      }),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { expired: due.length };
}

/**
 * The introduction mail's recipient and words, resolved when it is sent (decision 055): the address
 * is read from the referral then (so a mail queued before an erasure is skipped), and a fresh link
 * token is minted, only its SHA-256 kept on the referral.
 */
export async function introductionMailDetails(db: Database, referralId: number, tokenHash: string, nowMs: number) {
  const issued = await db
    .update(referrals)
    .set({ consentTokenHash: tokenHash })
    .where(
      and(
        eq(referrals.id, referralId),
        eq(referrals.consentStatus, "awaiting"),
        // Never in a connector's name before they confirm a business's registration (decision 128).
        eq(referrals.connectorConfirmation, "confirmed"),
        // A lapsed one is left for the scheduled job to erase.
        gt(referrals.consentExpiresAt, new Date(nowMs)),
      ),
    )
    .returning({ id: referrals.id })
    .get();
  if (!issued) return undefined;
  const row = await introductionQuery(db).where(eq(referrals.id, referralId)).get();
  if (!row?.referral.referredPersonEmail) return undefined;
  return { to: row.referral.referredPersonEmail, view: toIntroductionView(row, nowMs) };
}

/** The scheduled job's entry: the erasure key comes from the environment. */
export function expireIntroductionsFor(db: Database, env: CloudflareEnv, nowMs = Date.now()) {
  return expireIntroductions(db, requireSecrets(env).passwordPepper, nowMs);
}
