import { and, eq, isNull } from "drizzle-orm";
import { businesses, connectors, users } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { AppError, forbidden, notFound } from "../../utils/errors.server";
import { personalLinkPath } from "../../utils/personal-link-path";
import { preparedSelect } from "../../utils/prepared-select.server";
import { hitOf, hitStatement, secondsUntil } from "../../utils/rate-limit.server";
import { actsAsConnector, type SessionUser } from "../../utils/session.server";
import { type Viewer, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import type { SelfIntroductionInput } from "../../validation/referral";
import { businessSeatQuery, roleFrom } from "../parties/access.server";
import {
  CONNECTOR_PROFILE_NOT_FOUND,
  checkAndWriteReferral,
  REFERRALS_PER_CONNECTOR_PER_DAY,
  REFERRALS_PER_CONNECTOR_PER_HOUR,
  referralKeysOf,
  WORKS_HERE,
} from "./creation.server";

// A connector's personal link per business (issue 37, item 5; decisions 179, 180):
// /refer/{businessId}?via={code}, where a prospect introduces themselves. The referral it makes is
// credited to the connector and passes the rules of any referral (checkAndWriteReferral); the
// person's confirmation of their own address is their consent (confirmIntroductionEmail).

export const PERSONAL_LINK_INVALID = "This personal link is not valid";
export const BUSINESS_NOT_FOUND = "Business not found";
export const INTRODUCTIONS_TOO_MANY = "Too many introductions from this address. Please try again later.";
export const LINK_INTRODUCTIONS_TOO_MANY = "This connector's link has been used too many times for now. Please try again later.";
/** Per client address: a household or office introduces a few people, a script many (decision 180). */
export const INTRODUCTIONS_PER_CLIENT = { limit: 5, windowMs: 60 * 60 * 1000 };

/**
 * The acting connector's personal link to a business: theirs to share. 404 for an unknown business;
 * 422 without a connector profile or for a business they work for (they cannot refer to it); 403
 * for platform admins and business keys (they make no referrals of their own).
 */
export async function personalLinkOf(db: Database, actor: SessionUser, businessId: number) {
  if (actor.isAdmin) throw forbidden("Platform admins cannot make referrals");
  if (!actsAsConnector(actor)) throw forbidden("A business API key has no personal link");
  const [[business], seat, [connector]] = await db.batch([
    db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)),
    businessSeatQuery(db, { userId: actor.id }, businessId),
    db.select().from(connectors).where(eq(connectors.userId, actor.id)),
  ]);
  if (!business) throw notFound(BUSINESS_NOT_FOUND);
  if (!connector?.linkCode) throw new AppError(422, CONNECTOR_PROFILE_NOT_FOUND);
  if (roleFrom(seat, actor, businessId)) throw new AppError(422, WORKS_HERE);
  return { businessId, code: connector.linkCode, path: personalLinkPath(businessId, connector.linkCode) };
}

const linkCodeSelect = preparedSelect((db, kind: ReturnType<typeof viewerKind>) =>
  db
    .select({ code: connectors.linkCode })
    .from(connectors)
    .where(eq(connectors.userId, viewerIdSql(kind))),
);
/** The viewer's own link code (none without a connector profile), unexecuted: it rides with a screen's session lookup. */
export function ownLinkCodeQuery(db: Database, viewer: Viewer) {
  return linkCodeSelect(db, viewerKind(viewer), viewerValues(viewer));
}

const CODE = /^[0-9a-f]{32}$/;

/**
 * Whoever holds a connector's personal link (the acting party, decision 147): like the lifecycle's
 * `person`, the link is their credential; `client` is their address's key for the per-client limit.
 */
export type LinkHolderActor = { code: string; client: string };

/** The connector behind a code, unless suspended, with the business's fee and whether they work there. */
function linkQueries(db: Database, businessId: number, code: string) {
  return [
    db
      .select({ id: connectors.id, userId: connectors.userId, name: connectors.name })
      .from(connectors)
      .innerJoin(users, eq(users.id, connectors.userId))
      .where(and(eq(connectors.linkCode, code), isNull(users.suspendedAt))),
    db
      .select({
        id: businesses.id,
        companyName: businesses.companyName,
        feeKind: businesses.feeKind,
        feeBasisPoints: businesses.feeBasisPoints,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
  ] as const;
}

type Link = {
  connector: { id: number; userId: number; name: string };
  business: { id: number; companyName: string; cashback: number };
};

/** Whether the link stands: its connector (not suspended), the business, and the connector not working there. */
async function linkFrom(
  db: Database,
  rows: readonly [
    { id: number; userId: number; name: string }[],
    { id: number; companyName: string; feeKind: string | null; feeBasisPoints: number | null }[],
  ],
  businessId: number,
): Promise<Link | null> {
  const [[connector], [business]] = rows;
  if (!connector || !business) return null;
  const seatOf = { id: connector.userId, isAdmin: false };
  if (roleFrom(await businessSeatQuery(db, { userId: connector.userId }, businessId), seatOf, businessId)) return null;
  // The connector's cashback is what Make Referral prefills: the business's percentage fee (else 0).
  const cashback = business.feeKind === "percentage" && business.feeBasisPoints !== null ? business.feeBasisPoints / 100 : 0;
  return { connector, business: { id: business.id, companyName: business.companyName, cashback } };
}

/**
 * What /refer/{businessId}?via={code} shows a visitor: whose link it is. Null when the code is not a
 * standing link to this business (the page then shows the plain link's invitation).
 */
export async function findPersonalLink(db: Database, holder: LinkHolderActor, businessId: number) {
  if (!CODE.test(holder.code)) return null;
  const rows = await db.batch(linkQueries(db, businessId, holder.code));
  const link = await linkFrom(db, rows, businessId);
  return link ? { connectorName: link.connector.name } : null;
}

/**
 * A prospect introduces themselves through a connector's personal link (issue 37, item 5): a referral
 * credited to the connector, pending, awaiting consent; a confirmation link goes to the given address
 * (decision 180). The person's client address is counted first (429 past INTRODUCTIONS_PER_CLIENT);
 * the connector's link has a pace of its own (the limits of decision 047), so a flood of strangers
 * never uses up the connector's own; the duplicate, erased-person and self/team rules are those of
 * any referral (409 with the fixed duplicate text, 422 naming the field). 404 for an unknown link.
 */
export async function introduceThroughLink(
  db: Database,
  { code, client }: LinkHolderActor,
  input: SelfIntroductionInput,
  erasureSecret: string,
) {
  const valid = CODE.test(code);
  const [hits, ...rows] = await db.batch([
    hitStatement(db, `self-intro:client:${client}`, INTRODUCTIONS_PER_CLIENT),
    ...linkQueries(db, input.businessId, valid ? code : ""),
  ]);
  const counted = hitOf(hits[0], INTRODUCTIONS_PER_CLIENT);
  if (counted.count > INTRODUCTIONS_PER_CLIENT.limit) {
    throw new AppError(429, INTRODUCTIONS_TOO_MANY, undefined, { "Retry-After": String(secondsUntil(counted.endsAt)) });
  }
  const link = valid ? await linkFrom(db, rows as unknown as Parameters<typeof linkFrom>[1], input.businessId) : null;
  if (!link) throw notFound(PERSONAL_LINK_INVALID);
  const referral = { ...input, cashbackPercentage: link.business.cashback };
  const { connector } = link;
  await checkAndWriteReferral(db, {
    origin: "person",
    connectorId: connector.id,
    profile: null,
    seatOf: { id: connector.userId, isAdmin: false },
    byUserId: null,
    pace: {
      windows: [
        [`referral:link:${connector.id}:hour`, REFERRALS_PER_CONNECTOR_PER_HOUR],
        [`referral:link:${connector.id}:day`, REFERRALS_PER_CONNECTOR_PER_DAY],
      ],
      message: LINK_INTRODUCTIONS_TOO_MANY,
    },
    input: referral,
    keys: await referralKeysOf(referral, erasureSecret),
    checked: null,
    // A stranger learns nothing of another referral (decision 110).
    duplicateVisible: () => false,
  });
  return {
    businessId: link.business.id,
    businessName: link.business.companyName,
    connectorName: connector.name,
    emailToConfirm: input.referredPersonEmail,
    consentStatus: "awaiting" as const,
  };
}
