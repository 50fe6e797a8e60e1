import { createClient } from "@libsql/client/web";
import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";

/**
 * D1 and libSQL speak the same SQLite dialect through Drizzle and both support `batch`, which is
 * how multi-statement writes stay atomic (D1 has no interactive transactions). The D1 type is used
 * as the common surface.
 */
export type Database = ReturnType<typeof drizzleD1<typeof schema>>;

export function createDatabase(env: Pick<CloudflareEnv, "DB" | "LIBSQL_URL" | "LIBSQL_AUTH_TOKEN">): Database {
  if (env.LIBSQL_URL) {
    const client = createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
    return drizzleLibsql(client, { schema }) as unknown as Database;
  }
  if (!env.DB) throw new Error("No database configured: bind D1 as DB or set LIBSQL_URL");
  return drizzleD1(env.DB, { schema });
}
