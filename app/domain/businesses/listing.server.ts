import { count, eq, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { type Business, businesses, businessReputations, referrals, teamMembers } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { notFound } from "../../utils/errors.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { feeFields } from "../../utils/referral-fee";
import type { SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import { connectorIdOf } from "../parties/connectors.server";
import {
  type BusinessReputation,
  businessReputationColumns,
  businessReputationJoin,
  toBusinessReputation,
} from "../parties/reputation-view.server";
import {
  type BusinessSearchShape,
  businessesFts,
  businessSearch,
  businessSearchValues,
  businessSearchWhere,
  SEARCH_TIERS,
  SEARCH_WINDOW,
  searchShape,
} from "./search.server";

// Businesses as others see them: the public profile, its contact details only to those allowed
// (decision 012), the directory's search pages (decision 073).

const publicBusinessColumns = {
  id: businesses.id,
  userId: businesses.userId,
  companyName: businesses.companyName,
  description: businesses.description,
  sector: businesses.sector,
  nature: businesses.nature,
  uen: businesses.uen,
  address: businesses.address,
  website: businesses.website,
  referralFee: businesses.referralFee,
  feeKind: businesses.feeKind,
  feeBasisPoints: businesses.feeBasisPoints,
  feeAmountMinor: businesses.feeAmountMinor,
  feeCurrency: businesses.feeCurrency,
  referralTerms: businesses.referralTerms,
  accountType: businesses.accountType,
  responseWindowDays: businesses.responseWindowDays,
  holdDays: businesses.holdDays,
  createdAt: businesses.createdAt,
};

type ContactColumns = Pick<Business, "contactPerson" | "contactPhone" | "contactEmail">;
type PublicBusinessRow = { [K in keyof typeof publicBusinessColumns]: Business[K] };

/**
 * The business as a viewer may see it. Contact details exist in the output only for someone who
 * has referred to the business (or works for it, or is a platform admin): the API and the HTML never
 * carry them otherwise.
 */
export function toBusinessDto(row: PublicBusinessRow, contact: ContactColumns | null, reputation: BusinessReputation) {
  return {
    id: row.id,
    userId: row.userId,
    companyName: row.companyName,
    description: row.description,
    sector: row.sector,
    nature: row.nature,
    uen: row.uen,
    address: row.address,
    website: row.website,
    referralFee: row.referralFee,
    // The fee as stated (issue 33); all null while a free-text fee from before awaits its owner.
    ...feeFields({
      kind: row.feeKind,
      basisPoints: row.feeBasisPoints,
      amountMinor: row.feeAmountMinor,
      currency: row.feeCurrency,
    }),
    referralTerms: row.referralTerms,
    accountType: row.accountType,
    responseWindowDays: row.responseWindowDays,
    holdDays: row.holdDays,
    createdAt: row.createdAt.toISOString(),
    contactVisible: contact !== null,
    ...(contact
      ? { contactPerson: contact.contactPerson, contactPhone: contact.contactPhone, contactEmail: contact.contactEmail }
      : {}),
    // Figures of the last 12 months, kept by the scheduled job (decision 061).
    reputation,
  };
}
export type BusinessDto = ReturnType<typeof toBusinessDto>;

/**
 * Who asks, as far as contact details go: everything for a platform admin, nothing for an anonymous
 * visitor, else what the viewer (by id, or by session when riding with its lookup) may see.
 */
export type ContactViewer = "all" | "none" | Viewer;
type ContactKind = "all" | "none" | ViewerKind;
export function contactViewerOf(viewer: SessionUser | null): ContactViewer {
  if (!viewer) return "none";
  return viewer.isAdmin ? "all" : { userId: viewer.id };
}
const contactKindOf = (viewer: ContactViewer): ContactKind => (typeof viewer === "string" ? viewer : viewerKind(viewer));
const contactValues = (viewer: ContactViewer) => (typeof viewer === "string" ? {} : viewerValues(viewer));

/**
 * Whether the viewer may see a business's contact details, as a column of a query over businesses:
 * admins always; its owner and team; a connector once they have referred someone to it.
 */
function contactVisible(kind: ContactKind) {
  // Aliased: D1 rebuilds raw rows from objects keyed by column name, and a column named "0" or "1"
  // (an integer-like key) would move to the front of the row.
  if (kind === "all" || kind === "none")
    return sql<boolean>`${sql.raw(kind === "all" ? "1" : "0")}`.mapWith(Boolean).as("contact_visible");
  const viewerId = viewerIdSql(kind);
  // Spelled out: drizzle leaves columns of a one-table query unqualified, which inside the
  // subqueries would name the subquery's own table.
  const business = sql`${sql.identifier("businesses")}.${sql.identifier("id")}`;
  return sql<boolean>`(${sql.identifier("businesses")}.${sql.identifier("user_id")} = ${viewerId}
    or exists (select 1 from ${teamMembers} where ${teamMembers.businessId} = ${business} and ${teamMembers.userId} = ${viewerId})
    or exists (select 1 from ${referrals} where ${referrals.businessId} = ${business}
      and ${referrals.connectorId} = ${connectorIdOf(viewerId)}))`
    .mapWith(Boolean)
    .as("contact_visible");
}

/** Browse's query shape: the viewer's kind, and the search's (null: no `q`, everything alphabetically). */
type BusinessPageShape = { search: BusinessSearchShape | null; contact: ContactKind };

/** The search's businesses_fts join, when it has something to look up. */
const searchesIndex = (search: BusinessSearchShape | null): search is BusinessSearchShape => search?.tokens === true;

/** The FTS5 rowid, spelled out (a subquery's own columns are unqualified): the negated business id. */
const ftsRowid = sql`${businessesFts}.${sql.identifier("rowid")}`;

/**
 * One tier of the ranking (SEARCH_TIERS): its newest matches, as many as the page reaches (offset +
 * limit: a match the page shows is never further down its best tier than it is down the ranking),
 * index entries only unless a literal word needs each match's row. The index is keyed by the negated
 * id (migration 0020), so its ascending order, the one FTS5 seeks in, is newest first.
 */
function searchTier(search: BusinessSearchShape, tier: (typeof SEARCH_TIERS)[number]) {
  const join = search.literals > 0 ? sql` join ${businesses} on ${businesses.id} = -${ftsRowid}` : sql``;
  return sql`select * from (select -${ftsRowid} as id, ${sql.raw(String(tier.score))} as score from ${businessesFts}${join}
    where ${businessSearchWhere(search, tier.columns)} order by ${ftsRowid} asc
    limit ${sql.placeholder("limit")} + ${sql.placeholder("offset")})`;
}

/**
 * A search's page of business ids with their score (decision 076): each match's best tier, best
 * first, then newest first. The page's limit is cut at the window (searchPageLimit), so no page
 * reaches past the matches the ranking may look at, and no tier reads past the page (decision 101).
 */
function rankedSearchPage(search: BusinessSearchShape) {
  const tiers = sql.join(
    SEARCH_TIERS.map((tier) => searchTier(search, tier)),
    sql` union all `,
  );
  return sql`(select id, max(score) as score from (${tiers}) group by id order by score desc, id desc
    limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}) as ${sql.identifier("hits")}`;
}
const hitsColumn = (name: string) => sql`${sql.identifier("hits")}.${sql.identifier(name)}`;

const businessPageSelect = preparedSelect((db, shape: BusinessPageShape) => {
  const base = db
    .select({
      ...publicBusinessColumns,
      contactPerson: businesses.contactPerson,
      contactPhone: businesses.contactPhone,
      contactEmail: businesses.contactEmail,
      contactVisible: contactVisible(shape.contact),
      ...businessReputationColumns,
    })
    .from(businesses)
    .$dynamic();
  if (searchesIndex(shape.search))
    // The page is chosen from the index first; only its rows are read, joined and shown.
    return base
      .innerJoin(rankedSearchPage(shape.search), sql`${hitsColumn("id")} = ${businesses.id}`)
      .leftJoin(businessReputations, businessReputationJoin(businesses.id))
      .orderBy(sql`${hitsColumn("score")} desc`, sql`${hitsColumn("id")} desc`);
  return (
    base
      .leftJoin(businessReputations, businessReputationJoin(businesses.id))
      // A query with no letter or digit finds nothing; Browse without a query is alphabetical.
      .where(shape.search ? sql`0` : undefined)
      .orderBy(sql`${businesses.companyName} collate nocase`, businesses.id)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
  );
});
const businessCountSelect = preparedSelect((db, search: BusinessSearchShape | null) => {
  if (!searchesIndex(search))
    return db
      .select({ total: count(), capped: sql<boolean>`0`.mapWith(Boolean).as("capped") })
      .from(businesses)
      .where(search ? sql`0` : undefined);
  // Counted up to one past the window: "1,000+" needs no more (decision 076). Without literal words
  // the index alone knows what matches; with them each match's text is read.
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(businessesFts)
    .$dynamic();
  const joined = search.literals === 0 ? matches : matches.innerJoin(businesses, sql`${businesses.id} = -${businessesFts.rowid}`);
  return db
    .select({
      total: sql<number>`min(count(*), ${sql.raw(String(SEARCH_WINDOW))})`.mapWith(Number).as("total"),
      capped: sql<boolean>`count(*) > ${sql.raw(String(SEARCH_WINDOW))}`.mapWith(Boolean).as("capped"),
    })
    .from(joined.where(businessSearchWhere(search)).limit(sql.placeholder("countLimit")).as("matches"));
});

/** A search's page size, cut where the window ends (a page past it is empty). */
export const searchPageLimit = (limit: number, offset: number) => Math.max(0, Math.min(limit, SEARCH_WINDOW - offset));

/** Browse (`q` searched and ranked, else alphabetical; paged): the page and the total, unexecuted. */
export function businessListQueries(
  db: Database,
  viewer: ContactViewer,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
) {
  const search = q ? businessSearch(q) : null;
  const shape = search ? searchShape(search) : null;
  const values = search ? businessSearchValues(search) : {};
  return [
    businessPageSelect(
      db,
      { search: shape, contact: contactKindOf(viewer) },
      { ...contactValues(viewer), ...values, limit: search ? searchPageLimit(limit, offset) : limit, offset },
    ),
    businessCountSelect(db, shape, { ...values, countLimit: SEARCH_WINDOW + 1 }),
  ] as const;
}

/**
 * The page and its total. A search counts at most SEARCH_WINDOW matches: past it `total` is the
 * window and `totalCapped` is true (the screen says "1,000+", the API sends X-Total-Count-Capped).
 */
export function toBusinessList([rows, totals]: BatchResponse<ReturnType<typeof businessListQueries>>) {
  return {
    items: rows.map((r) => toBusinessDto(r, r.contactVisible ? r : null, toBusinessReputation(r))),
    total: totals[0]?.total ?? 0,
    totalCapped: totals[0]?.capped ?? false,
  };
}

export async function listBusinesses(db: Database, viewer: SessionUser, page: { q?: string; limit: number; offset: number }) {
  return toBusinessList(await db.batch(businessListQueries(db, contactViewerOf(viewer), page)));
}

export function getBusinessById(db: Database, id: number): Promise<Business | undefined> {
  return db.select().from(businesses).where(eq(businesses.id, id)).get();
}

const businessForViewerSelect = preparedSelect((db, contact: ContactKind) =>
  db
    .select({ business: businesses, contactVisible: contactVisible(contact), ...businessReputationColumns })
    .from(businesses)
    .leftJoin(businessReputations, businessReputationJoin(businesses.id))
    .where(eq(businesses.id, sql.placeholder("id"))),
);

/** One business as the viewer may see it, unexecuted (toBusinessForViewer reads it). */
export function businessForViewerQuery(db: Database, viewer: ContactViewer, id: number) {
  return businessForViewerSelect(db, contactKindOf(viewer), { ...contactValues(viewer), id });
}

export function toBusinessForViewer(rows: Awaited<ReturnType<typeof businessForViewerQuery>>): BusinessDto {
  const row = rows[0];
  if (!row) throw notFound("Business not found");
  return toBusinessDto(row.business, row.contactVisible ? row.business : null, toBusinessReputation(row));
}

/** One business for a viewer (anonymous viewers, e.g. on /refer/{id}, never see contact details). */
export async function getBusinessForViewer(db: Database, viewer: SessionUser | null, id: number): Promise<BusinessDto> {
  return toBusinessForViewer(await businessForViewerQuery(db, contactViewerOf(viewer), id));
}
