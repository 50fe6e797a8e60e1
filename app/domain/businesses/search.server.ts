import { and, type SQL, sql } from "drizzle-orm";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { businesses } from "../../../db/schema";
import { containsText } from "../../utils/sql.server";

/**
 * Browse's search (decisions 073, 084): the FTS5 index `businesses_fts` over company name, sector, nature,
 * description, UEN and referral fee, written by migration 0016's triggers on every insert, update and
 * delete of a business, and since migration 0020 keyed by the negated business id (rowid = -id: FTS5
 * reads ascending fastest, and ascending is then newest first). It is a virtual table, which
 * db/schema.ts cannot describe: declared here (its rowid only) so queries can join it, and
 * drizzle-kit, which reads db/schema.ts alone, never sees it.
 */
export const businessesFts = sqliteTable("businesses_fts", { rowid: integer("rowid").notNull() });

/**
 * How far a search looks (decision 076): it ranks and counts at most this many matches. Past it the
 * count says "1,000+" and the pages end; a narrower query finds the rest. What bounds the work at any
 * number of businesses: every statement of a search stops after this many index entries of each tier.
 */
export const SEARCH_WINDOW = 1000;

/**
 * The ranking's tiers, best first (decision 076): a business whose company name holds every word
 * ranks above one whose UEN does, then sector or nature, then referral fee or description, then one
 * whose words are spread over several columns; within a tier, the newest business first. Each tier
 * is an FTS5 column filter on the same query, read in rowid order and cut at the window, so the
 * ranking reads index entries only (bm25 read the whole posting list of every word, however few
 * businesses matched: its cost grew with the data). Five: D1 allows five terms in a compound SELECT.
 */
export const SEARCH_TIERS = [
  { score: 4, columns: "company_name" },
  { score: 3, columns: "uen" },
  { score: 2, columns: "sector nature" },
  { score: 1, columns: "referral_fee description" },
  { score: 0, columns: null },
] as const;

/** At most this many words of a query count (the query is at most 100 characters anyway). */
const MAX_WORDS = 12;
/** Words with punctuation also match literally; at most this many of them (each is a contains-test over the match set). */
export const MAX_LITERALS = 4;

/** Letters, digits and combining marks: what FTS5's unicode61 tokenizer keeps in a token. */
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

export type BusinessSearch = {
  /** The FTS5 query: each token quoted (user input never reaches FTS5 syntax) and prefix-matched; null when the query has no token. */
  match: string | null;
  /** Words holding punctuation (`5%`, `S$500`, `A-1`): the business must also contain each one as written. */
  literals: string[];
};

/**
 * A Browse query as an FTS5 MATCH expression. Every token becomes a quoted prefix term (`legal adv`
 * -> `"legal"* "adv"*`, both required), so `"`, `*`, `AND`, `NEAR`, `-`, `:` or `(` are only ever
 * text. Punctuation is not indexed; a word that has some must also appear as written (a containsText over the
 * rows FTS5 found), so `5%` does not match a fee of `5 days`, and `%` and `_` are never wildcards.
 */
export function businessSearch(q: string): BusinessSearch {
  const words = q.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const terms: string[] = [];
  const literals: string[] = [];
  for (const word of words) {
    const tokens = word.match(TOKEN) ?? [];
    for (const token of tokens) terms.push(`"${token}"*`);
    if (tokens.join("") !== word && literals.length < MAX_LITERALS) literals.push(word);
  }
  return { match: terms.length > 0 ? terms.join(" ") : null, literals };
}

/** The searched columns as one text (newline-separated: a query word has no whitespace, so it never spans two). */
const searchedText = sql`(coalesce(${businesses.companyName}, '') || char(10) || coalesce(${businesses.sector}, '') || char(10) ||
  coalesce(${businesses.nature}, '') || char(10) || coalesce(${businesses.description}, '') || char(10) ||
  coalesce(${businesses.uen}, '') || char(10) || coalesce(${businesses.referralFee}, ''))`;

/** The prepared shape of a search: whether it has tokens, and how many literal words. */
export type BusinessSearchShape = { tokens: boolean; literals: number };
export const searchShape = (search: BusinessSearch): BusinessSearchShape => ({
  tokens: search.match !== null,
  literals: search.literals.length,
});

/**
 * The search's condition on a query joining businesses_fts to businesses (placeholders `match` and
 * `literal0`..`literalN`). A query with no token (only punctuation) finds nothing: there is nothing
 * the index could look up, and a LIKE over every business is what the index is here to avoid.
 */
export function businessSearchWhere(shape: BusinessSearchShape, columns: string | null = null): SQL | undefined {
  if (!shape.tokens) return sql`0`;
  // A column filter applies to the whole (parenthesized) query: every word in those columns.
  const match =
    columns === null ? sql.placeholder("match") : sql`${sql.raw(`'{${columns}} : ('`)} || ${sql.placeholder("match")} || ')'`;
  return and(
    sql`${businessesFts} match ${match}`,
    ...Array.from({ length: shape.literals }, (_, i) => containsText(searchedText, sql.placeholder(`literal${i}`))),
  );
}

/** The placeholder values of businessSearchWhere. */
export function businessSearchValues(search: BusinessSearch): Record<string, string | null> {
  return {
    match: search.match,
    ...Object.fromEntries(search.literals.map((word, i) => [`literal${i}`, word])),
  };
}
