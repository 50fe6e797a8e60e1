import { createClient } from "@libsql/client/web";
import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql";

/**
 * D1 and libSQL speak the same SQLite dialect through Drizzle and both support `batch`, which is
 * how multi-statement writes stay atomic (D1 has no interactive transactions). The D1 type is used
 * as the common surface.
 *
 * No `{ schema }` is passed to `drizzle()`: it only serves the relational `db.query` API, which
 * nothing here uses, and extracting its config from the schema cost every request about 35 µs
 * (warm) to 250 µs (the first hundred calls of an isolate); `bench/create-database.ts` measures it.
 */
export type Database = ReturnType<typeof drizzleD1>;

/** What Drizzle's D1 driver uses of a database: a D1 session (`D1DatabaseSession`) has exactly this. */
export type D1Queryable = Pick<D1Database, "prepare" | "batch">;

/**
 * D1 is always queried through a session (decision 074), which may read from a nearby replica and
 * keeps its own writes visible to its later reads. A request passes the session it opened at its
 * bookmark (db-session.server); everything else (the scheduled job, scripts) gets one that starts at
 * the primary. libSQL has no sessions and ignores `session`.
 */
export function createDatabase(
  env: Pick<CloudflareEnv, "DB" | "LIBSQL_URL" | "LIBSQL_AUTH_TOKEN"> & { SESSION_SECRET?: string },
  session?: D1Queryable | null,
): Database {
  let db: Database;
  if (env.LIBSQL_URL) {
    const client = createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
    db = drizzleLibsql(client) as unknown as Database;
  } else {
    if (!env.DB) throw new Error("No database configured: bind D1 as DB or set LIBSQL_URL");
    db = drizzleD1((session ?? env.DB.withSession("first-primary")) as D1Database);
  }
  if (env.SESSION_SECRET)
    Object.defineProperty(db, SEALING_SECRET, { value: env.SESSION_SECRET, enumerable: false, writable: false });
  return db;
}

/**
 * The key that seals rows of this database (payout methods, decision 186): the environment's
 * SESSION_SECRET, kept on the client made from that environment (a hidden property), so a reader
 * that gets only the database (loadPayingMethods) can open what it reads. A registered symbol, not a
 * module's WeakMap: the Pages function and the Remix build each bundle their own copy of this module.
 * Null for a client made without one.
 */
const SEALING_SECRET = Symbol.for("warm-intros.sealing-secret");
export const sealingSecretOf = (db: Database): string | null =>
  ((db as unknown as Record<symbol, string | undefined>)[SEALING_SECRET] ?? null) || null;
