import { and, eq, gt, isNotNull, type SQL } from "drizzle-orm";
import { businesses, commissions, connectors, type Referral, referrals } from "../../../db/schema";
import { sha256Hex } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { AppError, notFound } from "../../utils/errors.server";
import { assertWithinLimits, hitOf, hitStatement, secondsUntil } from "../../utils/rate-limit.server";
import { ledgerContextColumns, standingCommissionJoin } from "../money/ledger.server";
import type { SystemActor } from "../parties/system.server";
import { effectiveConsent } from "./lifecycle";

// The introduction behind a link, as the person holding it sees it (decisions 055, 123), and the mail
// details the clock resolves when an introduction or a corrected address's confirmation is sent.

export const INTRODUCTION_INVALID = "This introduction link is not valid";
export const CONFIRMATION_INVALID = "This confirmation link is not valid";
export const INTRODUCTION_TOO_MANY = "Too many attempts. Please try again later.";
/** Per client, over the page and the API together: far above a person answering, far below a scan. */
export const INTRODUCTION_HITS_PER_CLIENT = { limit: 30, windowMs: 10 * 60 * 1000 };
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

export function introductionQuery(db: Database) {
  return db
    .select(introductionColumns)
    .from(referrals)
    .innerJoin(businesses, eq(businesses.id, referrals.businessId))
    .innerJoin(connectors, eq(connectors.id, referrals.connectorId))
    .leftJoin(commissions, standingCommissionJoin(referrals.id));
}
export type IntroductionRow = Awaited<ReturnType<ReturnType<typeof introductionQuery>["all"]>>[number];

export async function rowByToken(db: Database, token: string) {
  // Tokens are base64url; anything else (or anything far too long) cannot match, so it costs no query.
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) return undefined;
  return introductionQuery(db)
    .where(eq(referrals.consentTokenHash, await sha256Hex(token)))
    .get();
}

/** What the person holding the link sees: the introduction, and their own details until erased. */
export function toIntroductionView(row: IntroductionRow, now = Date.now()) {
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
    notesAuthor:
      r.registeredBy === "business" ? row.businessName : r.registeredBy === "person" ? r.referredPersonName : row.connectorName,
    // They introduced themselves through the connector's personal link (decision 180): their own
    // address's confirmation is their consent.
    introducedThemselves: r.registeredBy === "person",
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

/** The mails that carry an introduction's links, by their outbox kind. */
export type LinkMailKind = "introduction" | "introduction_email_confirm";

/**
 * What each link mail stores and checks: where its token's SHA-256 is kept, what must still hold
 * when it is sent, and who it goes to.
 */
const LINK_MAILS: Record<
  LinkMailKind,
  { set: (tokenHash: string) => Partial<Referral>; still: SQL; to: (r: Referral) => string | null }
> = {
  // The introduction itself (decision 055); never in a connector's name before they confirm a
  // business's registration (decision 128).
  introduction: {
    set: (tokenHash) => ({ consentTokenHash: tokenHash }),
    still: eq(referrals.connectorConfirmation, "confirmed"),
    to: (r) => r.referredPersonEmail,
  },
  // The corrected address's confirmation (decision 123), while that address waits for it.
  introduction_email_confirm: {
    set: (tokenHash) => ({ pendingEmailTokenHash: tokenHash }),
    still: isNotNull(referrals.pendingPersonEmail),
    to: (r) => r.pendingPersonEmail,
  },
};

/**
 * A link mail's recipient and words, resolved when it is sent: a fresh link token is minted (only
 * its SHA-256 kept on the referral) and the address is read from the referral then, so a mail
 * queued before an erasure is skipped. Undefined when the referral moved on (a lapsed one is left
 * for the scheduled job to erase) or has no address to send to.
 */
export async function linkMailDetails(
  db: Database,
  _system: SystemActor,
  kind: LinkMailKind,
  referralId: number,
  tokenHash: string,
  nowMs: number,
) {
  const mail = LINK_MAILS[kind];
  const issued = await db
    .update(referrals)
    .set(mail.set(tokenHash))
    .where(
      and(
        eq(referrals.id, referralId),
        eq(referrals.consentStatus, "awaiting"),
        mail.still,
        gt(referrals.consentExpiresAt, new Date(nowMs)),
      ),
    )
    .returning({ id: referrals.id })
    .get();
  if (!issued) return undefined;
  const row = await introductionQuery(db).where(eq(referrals.id, referralId)).get();
  const to = row ? mail.to(row.referral) : null;
  if (!row || !to) return undefined;
  return { to, view: toIntroductionView(row, nowMs) };
}
