import { eq, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { businesses, type Connector, connectors, referralStatusChanges, referrals } from "../../../db/schema";
import { normaliseEmail, normalisePhone } from "../../utils/contact-keys";
import type { Database } from "../../utils/db.server";
import { isDisposableEmail } from "../../utils/disposable-email.server";
import { AppError, conflict, forbidden } from "../../utils/errors.server";
import { percentToBasisPoints } from "../../utils/money";
import { placeholders, preparedSelect, preparedWrite } from "../../utils/prepared-select.server";
import { assertHitsWithin, hitStatement } from "../../utils/rate-limit.server";
import { feeColumnsOf, feeTermsOf } from "../../utils/referral-fee";
import { actsAsConnector, type SessionUser } from "../../utils/session.server";
import type { Viewer } from "../../utils/viewer.server";
import type { ReferralInput } from "../../validation/referral";
import { erasedKeysOf } from "../accounts/person-erasure.server";
import { effectStatements } from "../effects/effects.server";
import { businessSeatQuery, roleFrom } from "../parties/access.server";
import { getConnectorOf } from "../parties/connectors.server";
import { assertNotSelfOrTeamReferral, selfOrTeamContactsQuery } from "./abuse.server";
import { confirmationRequestStatements } from "./confirmation.server";
import { type ReferralDto, type ReferralRow, referralQuery, toReferralDto } from "./dto.server";
import { DUPLICATE_REFERRAL, DUPLICATE_WINDOW_DAYS, duplicateReferralQuery, ownDuplicateReferral } from "./duplicates.server";
import { INTRODUCTIONS_STOPPED, optedOutQuery } from "./introduction-opt-outs.server";
import { emailConfirmationRequestStatements, introductionMailStatements } from "./introductions.server";
import { proposalOf } from "./lifecycle";
import { referralCreatedActivity, referralReceivedNotice } from "./notices.server";
import { referralWebhookData } from "./referrals.server";

// Making a referral (issues 16, 32, 33): who it is credited to, the paces, the duplicate and self/team
// checks, and the one batch that writes it with everything it implies.

/** The referred person has this long to answer the introduction (issue 16). */
export const CONSENT_WINDOW_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
export const CONNECTOR_PROFILE_NOT_FOUND = "Connector profile not found";
export const WORKS_HERE = "You cannot refer people to a business you work for";

/** Where a business's team reviews new referrals (the in-app notification's and the mail's link). */
const BUSINESS_REFERRALS_PATH = "/business/referrals";
/**
 * Who a referral is credited to. A person (or their personal key) refers as their own connector
 * profile, read here. A business key records a referral its own systems received (a CRM, a web form)
 * for the connector named by `connectorId`, into its own business only: that connector is read with
 * the other checks, in their batch.
 */
async function referringConnector(
  db: Database,
  actor: SessionUser,
  input: ReferralInput,
): Promise<{ id: number; profile: Connector | null }> {
  if (actor.isAdmin) throw forbidden("Platform admins cannot make referrals");
  if (!actsAsConnector(actor)) {
    if (input.businessId !== actor.apiKey?.businessId) {
      throw forbidden("A business API key can only create referrals for its own business");
    }
    if (input.connectorId === undefined) {
      throw new AppError(422, "connectorId is required with a business API key", { connectorId: ["Please choose a connector"] });
    }
    return { id: input.connectorId, profile: null };
  }
  const connector = await getConnectorOf(db, actor);
  if (!connector) throw new AppError(422, CONNECTOR_PROFILE_NOT_FOUND);
  if (input.connectorId !== undefined && input.connectorId !== connector.id) {
    throw forbidden("You can only make referrals as your own connector profile");
  }
  return { id: connector.id, profile: connector };
}

/** Referrals per connector (decision 047): more than a busy connector makes, far fewer than a script. */
export const REFERRALS_PER_CONNECTOR_PER_HOUR = { limit: 20, windowMs: 60 * 60 * 1000 };
export const REFERRALS_PER_CONNECTOR_PER_DAY = { limit: 50, windowMs: 24 * 60 * 60 * 1000 };
export const REFERRALS_TOO_MANY = "You have made too many referrals for now. Please try again later.";

/** The windows a connector's referrals are counted in (decision 047), hour and day. */
export function referralPace(connectorId: number) {
  return [
    [`referral:connector:${connectorId}:hour`, REFERRALS_PER_CONNECTOR_PER_HOUR],
    [`referral:connector:${connectorId}:day`, REFERRALS_PER_CONNECTOR_PER_DAY],
  ] as const;
}

export const BUSINESS_REFERRALS_TOO_MANY = "This business has registered too many referrals for now. Please try again later.";
export const REGISTERED_FOR_CONNECTOR_TOO_MANY =
  "Too many referrals have been registered for this connector for now. Please try again later.";

/**
 * A business's registrations for connectors (issue 33, part 5; decision 129): the connector's own
 * pace (decision 047), counted per key and per business, and per named connector on a key of its own
 * (a business cannot flood a connector's inbox, and its registrations never use up the connector's
 * own pace).
 */
function registrationPace(keyId: number, businessId: number) {
  return [
    [`referral:key:${keyId}:hour`, REFERRALS_PER_CONNECTOR_PER_HOUR],
    [`referral:key:${keyId}:day`, REFERRALS_PER_CONNECTOR_PER_DAY],
    [`referral:business:${businessId}:hour`, REFERRALS_PER_CONNECTOR_PER_HOUR],
    [`referral:business:${businessId}:day`, REFERRALS_PER_CONNECTOR_PER_DAY],
  ] as const;
}
function registeredForPace(connectorId: number) {
  return [
    [`referral:registered-for:${connectorId}:hour`, REFERRALS_PER_CONNECTOR_PER_HOUR],
    [`referral:registered-for:${connectorId}:day`, REFERRALS_PER_CONNECTOR_PER_DAY],
  ] as const;
}

type HitRows = readonly (readonly { count: number; windowStart: Date }[] | undefined)[];

/** 429 past any of a registration's windows (rows in registrationPace's order, then registeredForPace's). */
function assertRegistrationHits(keyId: number, businessId: number, connectorId: number, rows: HitRows) {
  const own = registrationPace(keyId, businessId);
  assertHitsWithin(own, rows.slice(0, own.length), BUSINESS_REFERRALS_TOO_MANY, "businessId");
  assertHitsWithin(registeredForPace(connectorId), rows.slice(own.length), REGISTERED_FOR_CONNECTOR_TOO_MANY, "connectorId");
}

/** Counts a business key's registration in a batch of its own, before anything else is read or written. */
async function assertRegistrationPace(db: Database, keyId: number, businessId: number, connectorId: number) {
  const windows = [...registrationPace(keyId, businessId), ...registeredForPace(connectorId)];
  const rows = await db.batch(windows.map(([key, window]) => hitStatement(db, key, window)) as [ReturnType<typeof hitStatement>]);
  assertRegistrationHits(keyId, businessId, connectorId, rows as unknown as HitRows);
}

// The statements of a new referral, built once (decision 089).
const connectorById = preparedSelect((db, _: null) =>
  db
    .select()
    .from(connectors)
    .where(eq(connectors.id, sql.placeholder("id"))),
);
const businessTermsById = preparedSelect((db, _: null) =>
  db
    .select({
      id: businesses.id,
      companyName: businesses.companyName,
      referralFee: businesses.referralFee,
      referralTerms: businesses.referralTerms,
      feeKind: businesses.feeKind,
      feeBasisPoints: businesses.feeBasisPoints,
      feeAmountMinor: businesses.feeAmountMinor,
      feeCurrency: businesses.feeCurrency,
    })
    .from(businesses)
    .where(eq(businesses.id, sql.placeholder("id"))),
);
/** The shape is the inserted columns' names: each is its own placeholder. */
const referralInsert = preparedWrite((db, columns: string[]) =>
  db.insert(referrals).values(placeholders(...columns) as unknown as typeof referrals.$inferInsert),
);
const firstStatusInsert = preparedWrite((db, _: null) =>
  db.insert(referralStatusChanges).values({
    referralId: sql`last_insert_rowid()`,
    fromStatus: sql`null`,
    toStatus: sql`'pending'`,
    note: sql`null`,
    ...placeholders("changedByUserId", "createdAt"),
  }),
);
// Writes are serialized and a batch is one transaction: the newest referral is the one inserted first.
const newest = sql`(select max(${referrals.id}) from ${referrals})`;
const newestReferral = preparedSelect((db, _: null) => referralQuery(db).where(eq(referrals.id, newest)));

/** The person's email and phone keys, and the same as the erased people's keyed hashes (decision 055). */
export type ReferralKeys = { email: string; phone: string; erasedEmail: string; erasedPhone: string };

/** referralChecks' keys: normalised, and hashed with the erasure secret (PASSWORD_PEPPER). */
export async function referralKeysOf(input: ReferralInput, erasureSecret: string): Promise<ReferralKeys> {
  const email = normaliseEmail(input.referredPersonEmail);
  const phone = normalisePhone(input.referredPersonPhone);
  const [erasedEmail, erasedPhone] = await erasedKeysOf(erasureSecret, email, phone);
  return { email, phone, erasedEmail, erasedPhone };
}

/**
 * What the rules of a new referral read, unexecuted: the connector credited, the business and its
 * terms, the caller's seat in it (`viewer`), the contacts of the self/team check, a duplicate, and
 * whether the person stopped introductions (decision 182).
 * Reads only, so they may ride in an API key's lookup (decision 104).
 */
export function referralChecks(db: Database, viewer: Viewer, connectorId: number, input: ReferralInput, keys: ReferralKeys) {
  return [
    connectorById(db, null, { id: connectorId }),
    businessTermsById(db, null, { id: input.businessId }),
    businessSeatQuery(db, viewer, input.businessId),
    selfOrTeamContactsQuery(db, connectorId, input.businessId),
    duplicateReferralQuery(db, {
      businessId: input.businessId,
      connectorId,
      emailKeys: [keys.email, keys.erasedEmail],
      phoneKeys: [keys.phone, keys.erasedPhone],
      since: new Date(Date.now() - DUPLICATE_WINDOW_DAYS * DAY_MS),
    }),
    optedOutQuery(db, keys.erasedEmail),
  ] as const;
}
type ReferralCheckResults = BatchResponse<ReturnType<typeof referralChecks>>;

/**
 * referralChecks already read for a business key's named connector, in the key's lookup (decision
 * 104): used when the caller turns out to be such a key and the referral is the one they were read
 * for (that connector, that business).
 */
export type RiddenReferralChecks = { keys: ReferralKeys; connectorId: number; businessId: number; results: ReferralCheckResults };

/**
 * A connector refers someone to a business (see referringConnector for who the connector is); the
 * referral starts pending; the referral, its first history row, the webhook event, the activity
 * entry and the business team's notifications and mail outbox rows land together.
 *
 * Three round trips at most after the caller's (decision 072): a person's own connector profile
 * (none for a business key), then ONE batch that counts the connector's pace and reads everything
 * the rules need (referralChecks), then the write batch, which ends by reading the new referral back.
 * A business key's checks may have ridden in its lookup (`ridden`): then only the write batch.
 */
export async function createReferral(
  db: Database,
  actor: SessionUser,
  input: ReferralInput,
  /** The key of the erased people's hashed keys (PASSWORD_PEPPER; decision 055). */
  erasureSecret: string,
  ridden?: RiddenReferralChecks,
): Promise<ReferralDto> {
  const { id: connectorId, profile } = await referringConnector(db, actor, input);
  const person = actsAsConnector(actor);
  const keys = ridden?.keys ?? (await referralKeysOf(input, erasureSecret));
  if (!person && actor.apiKey?.businessId != null) {
    // Counted before anything is read or written, in a round trip of its own: the key's lookup
    // carries reads only (decision 104), and a hit is a write.
    await assertRegistrationPace(db, actor.apiKey.id, actor.apiKey.businessId, connectorId);
  }
  const reused = !person && ridden?.connectorId === connectorId && ridden.businessId === input.businessId ? ridden.results : null;
  const row = await checkAndWriteReferral(db, {
    origin: person ? "connector" : "business",
    connectorId,
    profile,
    seatOf: person ? actor : null,
    byUserId: actor.id,
    // Counted per connector before the checks (first in their batch), so a script cannot outrun
    // them (decision 047). A business key's registration was counted above (decision 129).
    pace: person ? { windows: referralPace(connectorId), message: REFERRALS_TOO_MANY } : null,
    input,
    keys,
    checked: reused,
    duplicateVisible: (duplicate) => !person || duplicate.mine === 1,
  });
  return toReferralDto(row, actor);
}

/**
 * Who makes a referral (the acting party, decision 147) and how it is counted: what createReferral and
 * a personal link's introduction differ in.
 */
export type ReferringActor = {
  /** The connector's own (app or personal key), a business key's registration, or the person through a connector's personal link. */
  origin: "connector" | "business" | "person";
  connectorId: number;
  /** The connector's profile when already read; else it comes with the checks. */
  profile: Connector | null;
  /** The user whose seat in the business refuses the referral (a connector referring to where they work). */
  seatOf: Pick<SessionUser, "id" | "isAdmin" | "apiKey"> | null;
  /** Who the history row and activity name (null: the person, who has no account). */
  byUserId: number | null;
  /** The windows counted in the checks' batch (429 past any), or null when counted before. */
  pace: { windows: Parameters<typeof assertHitsWithin>[0]; message: string } | null;
  input: ReferralInput;
  keys: ReferralKeys;
  /** referralChecks already read (a business key's lookup), else null. */
  checked: ReferralCheckResults | null;
  /** Whether the caller may learn which referral a duplicate is (decision 110). */
  duplicateVisible: (duplicate: { mine: number }) => boolean;
};

/**
 * The rules every new referral passes, whoever makes it (issues 16, 32, 33, 37): one batch counts
 * the pace and reads the checks (unless read already), then one batch writes the referral with
 * everything it implies and reads it back. Returns the new row.
 */
export async function checkAndWriteReferral(db: Database, o: ReferringActor): Promise<ReferralRow> {
  const { input, keys, connectorId } = o;
  let results: ReferralCheckResults;
  if (o.checked) results = o.checked;
  else {
    const checks = referralChecks(db, { userId: o.seatOf?.id ?? 0 }, connectorId, input, keys);
    const paceHits = o.pace ? o.pace.windows.map(([key, window]) => hitStatement(db, key, window)) : [];
    const answered = await db.batch([...paceHits, ...checks] as unknown as typeof checks);
    if (o.pace) assertHitsWithin(o.pace.windows, answered as unknown as { count: number; windowStart: Date }[][], o.pace.message);
    results = answered.slice(paceHits.length) as unknown as ReferralCheckResults;
  }
  const [named, [business], seat, contacts, [duplicate], [optedOut]] = results;
  const connector = o.profile ?? named[0];
  if (!connector) throw new AppError(422, "Connector not found", { connectorId: ["Connector not found"] });
  if (!business) throw new AppError(422, "Business not found", { businessId: ["Business not found"] });
  if (o.seatOf && roleFrom(seat, o.seatOf, business.id)) {
    throw new AppError(422, WORKS_HERE, { businessId: [WORKS_HERE] });
  }
  assertNotSelfOrTeamReferral(contacts, connector, input, { email: normaliseEmail, phone: normalisePhone });
  if (optedOut) throw new AppError(422, INTRODUCTIONS_STOPPED, { referredPersonEmail: [INTRODUCTIONS_STOPPED] });
  if (duplicate) {
    throw conflict(o.duplicateVisible(duplicate) ? ownDuplicateReferral(duplicate.id, duplicate.createdAt) : DUPLICATE_REFERRAL);
  }
  const person = o.origin !== "business";
  const self = o.origin === "person";

  const now = new Date();
  const cashbackBasisPoints = percentToBasisPoints(input.cashbackPercentage);
  const terms = feeTermsOf({
    kind: business.feeKind,
    basisPoints: business.feeBasisPoints,
    amountMinor: business.feeAmountMinor,
    currency: business.feeCurrency,
  });
  const frozen = feeColumnsOf(terms);
  const values = {
    connectorId: connector.id,
    businessId: business.id,
    referredPersonName: input.referredPersonName,
    referredPersonEmail: input.referredPersonEmail,
    referredPersonPhone: input.referredPersonPhone,
    referredEmailKey: keys.email,
    referredPhoneKey: keys.phone,
    cashbackBasisPoints,
    // A cashback other than the percentage fee is a proposal the business answers (decision 120).
    cashbackProposal: proposalOf(terms, cashbackBasisPoints),
    notes: input.notes ?? null,
    status: "pending" as const,
    revenueReceived: null,
    revenueCurrency: "SGD" as const,
    statusNotes: null,
    feeAmount: null,
    referredEmailDisposable: isDisposableEmail(input.referredPersonEmail),
    // The person is asked first (issue 16); the consent link is minted when the mail is sent. A
    // business's registration asks them only once the connector confirms: the window starts then.
    consentStatus: "awaiting" as const,
    consentTokenHash: null,
    consentExpiresAt: person ? new Date(now.getTime() + CONSENT_WINDOW_DAYS * DAY_MS) : null,
    consentDecidedAt: null,
    // A person who introduced themselves consents by confirming this address (decision 180).
    pendingPersonEmail: self ? input.referredPersonEmail : null,
    pendingEmailTokenHash: null,
    // The business's fee and terms as they stand now; later profile edits apply to new referrals only.
    termsReferralFee: business.referralFee,
    termsReferralTerms: business.referralTerms,
    termsFeeKind: frozen.kind,
    termsFeeBasisPoints: frozen.basisPoints,
    termsFeeAmountMinor: frozen.amountMinor,
    termsFeeCurrency: frozen.currency,
    termsCapturedAt: now,
    rejectionReason: null,
    reviewDueAt: null,
    reviewRemindedAt: null,
    reviewFlaggedAt: null,
    firstDecidedAt: null,
    // A business registers for a connector who introduced the person offline: it credits them only
    // once they confirm it (issue 33, part 5; decision 128).
    registeredBy: o.origin,
    connectorConfirmation: person ? ("confirmed" as const) : ("awaiting" as const),
    createdAt: now,
    updatedAt: now,
  };
  const written = await db.batch([
    referralInsert(db, Object.keys(values), values),
    // Same batch, same connection: last_insert_rowid() is the referral just inserted.
    firstStatusInsert(db, null, { changedByUserId: o.byUserId, createdAt: now }),
    // ...and now last_insert_rowid() is that history row, which names the referral.
    ...effectStatements(db, {
      events: [
        {
          businessId: business.id,
          connectorId: values.connectorId,
          type: "referral.created",
          data: referralWebhookData(values, business.companyName, connector.name),
          idSql: sql`(select ${referralStatusChanges.referralId} from ${referralStatusChanges} where ${referralStatusChanges.id} = last_insert_rowid())`,
        },
      ],
      activity: [
        {
          ...referralCreatedActivity(connector.name, input.referredPersonName, business.companyName),
          userId: o.byUserId ?? connector.userId,
          businessId: business.id,
        },
      ],
      // The business's owner and accepted team hear of it, in the app and by mail (decision 046).
      teamNotices: [
        {
          businessId: business.id,
          exceptUserId: connector.userId,
          ...referralReceivedNotice(connector.name, input.referredPersonName, business.companyName),
          link: BUSINESS_REFERRALS_PATH,
          referralId: newest,
          mail: {
            kind: "referral_received",
            payload: {
              path: BUSINESS_REFERRALS_PATH,
              businessName: business.companyName,
              referredPersonName: input.referredPersonName,
              connectorName: connector.name,
            },
          },
        },
      ],
      reputationDue: { businessId: business.id, connectorId: connector.id },
    }),
    // The person is asked (issue 16): the link and address are resolved when the mail goes. No
    // introduction goes out in a connector's name before they confirm a business's registration;
    // they are asked to confirm instead (decision 128).
    // A person who introduced themselves is asked to confirm their address instead (decision 180).
    ...(self
      ? emailConfirmationRequestStatements(db, newest)
      : person
        ? introductionMailStatements(db, newest)
        : confirmationRequestStatements(db, {
            connectorUserId: connector.userId,
            referralId: newest,
            businessName: business.companyName,
            referredPersonName: input.referredPersonName,
          })),
    // Read back in the same round trip: what the caller is answered.
    newestReferral(db, null, {}),
  ]);
  const row = written.at(-1)?.[0] as ReferralRow | undefined;
  if (!row) throw new Error("referral vanished after insert");
  return row;
}
