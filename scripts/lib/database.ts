import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql";
import type { Database } from "../../app/utils/db.server";

/**
 * Opens the configured database from Node for operational scripts: libSQL when LIBSQL_URL is set,
 * else the same local D1 that `wrangler pages dev` serves (or the one under PERSIST_TO).
 */
export async function openDatabase(): Promise<{ db: Database; close: () => Promise<void>; where: string }> {
  if (process.env.LIBSQL_URL) {
    const { createClient } = await import("@libsql/client");
    const client = createClient({ url: process.env.LIBSQL_URL, authToken: process.env.LIBSQL_AUTH_TOKEN });
    return {
      db: drizzleLibsql(client) as unknown as Database,
      close: async () => client.close(),
      where: `libSQL ${process.env.LIBSQL_URL}`,
    };
  }
  const { getPlatformProxy } = await import("wrangler");
  const persistTo = process.env.PERSIST_TO;
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    persist: persistTo ? { path: `${persistTo}/v3` } : true,
  });
  return {
    db: drizzleD1(proxy.env.DB),
    close: () => proxy.dispose(),
    where: `local D1 (${persistTo ?? ".wrangler/state"})`,
  };
}
