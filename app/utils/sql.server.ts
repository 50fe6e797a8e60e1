import { type Column, type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * `column in (ids)` with the ids as ONE bound JSON parameter: D1 allows at most 100 bound parameters
 * per statement, and a page holds up to 500 rows (a CSV export's up to 2,000).
 */
export function inIds(column: Column | SQL, ids: number[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally (use with `escape '\'`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column like pattern escape '\'` for a pattern from containsPattern. */
export function likeEscaped(column: Column | SQL, pattern: string | SQLWrapper): SQL {
  return sql`${column} like ${pattern} escape '\\'`;
}
