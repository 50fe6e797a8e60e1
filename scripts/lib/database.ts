import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql";
import type { Database } from "../../app/utils/db.server";

/**
 * Opens the configured database from Node for operational scripts: libSQL when LIBSQL_URL is set,
 * else the same local D1 that `wrangler pages dev` serves (or the one under PERSIST_TO).
 */
export async function openDatabase(): Promise<{
  db: Database;
  close: () => Promise<void>;
  where: string;
  pepper: string;
  /** The Worker's SESSION_SECRET where known (it seals payout methods): the seed writes none without it. */
  sessionSecret: string | null;
}> {
  if (process.env.LIBSQL_URL) {
    const { createClient } = await import("@libsql/client");
    const client = createClient({ url: process.env.LIBSQL_URL, authToken: process.env.LIBSQL_AUTH_TOKEN });
    return {
      db: drizzleLibsql(client) as unknown as Database,
      close: async () => client.close(),
      where: `libSQL ${process.env.LIBSQL_URL}`,
      pepper: requirePepper(process.env.PASSWORD_PEPPER, "the Worker's secret, in the environment"),
      sessionSecret: process.env.SESSION_SECRET ?? null,
    };
  }
  const { getPlatformProxy } = await import("wrangler");
  const persistTo = process.env.PERSIST_TO;
  const proxy = await getPlatformProxy<{ DB: D1Database; PASSWORD_PEPPER?: string; SESSION_SECRET?: string }>({
    persist: persistTo ? { path: `${persistTo}/v3` } : true,
  });
  return {
    db: drizzleD1(proxy.env.DB),
    close: () => proxy.dispose(),
    where: `local D1 (${persistTo ?? ".wrangler/state"})`,
    // The local Worker's own pepper (.dev.vars), so the hashes written here verify there.
    pepper: requirePepper(process.env.PASSWORD_PEPPER ?? proxy.env.PASSWORD_PEPPER, "in .dev.vars (npm start writes one)"),
    sessionSecret: process.env.SESSION_SECRET ?? proxy.env.SESSION_SECRET ?? null,
  };
}

/** Password hashes are keyed with the Worker's PASSWORD_PEPPER (decision 048): a script writing one needs it. */
function requirePepper(pepper: string | undefined, where: string): string {
  if (!pepper || pepper.length < 32) {
    console.error(`PASSWORD_PEPPER (at least 32 characters) is needed to hash passwords: set it ${where}`);
    process.exit(1);
  }
  return pepper;
}
