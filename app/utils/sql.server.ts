import { type Column, type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * `column in (ids)` with the ids as ONE bound JSON parameter: D1 allows at most 100 bound parameters
 * per statement, and a page holds up to 500 rows (a CSV export's up to 2,000).
 */
export function inIds(column: Column | SQL, ids: number[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * `column` contains `needle`, letter case aside (SQLite's lower() folds ASCII, as LIKE does), and every
 * character taken literally. instr, not LIKE: D1 refuses a LIKE pattern over 50 bytes ("LIKE or GLOB
 * pattern too complex"), so a long search word would answer 500.
 */
export function containsText(column: Column | SQL, needle: string | SQLWrapper): SQL {
  return sql`instr(lower(${column}), lower(${needle})) > 0`;
}
