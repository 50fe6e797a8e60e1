// Applies migrations/ to the configured database: libSQL when LIBSQL_URL is set, else the local
// D1 (under PERSIST_TO when given). The same SQL files serve both.
import { bin, run } from "./lib/run.mjs";

if (process.env.LIBSQL_URL) {
  const { createClient } = await import("@libsql/client");
  const { drizzle } = await import("drizzle-orm/libsql");
  const { migrate } = await import("drizzle-orm/libsql/migrator");
  const client = createClient({ url: process.env.LIBSQL_URL, authToken: process.env.LIBSQL_AUTH_TOKEN });
  await migrate(drizzle(client), { migrationsFolder: "migrations" });
  client.close();
  console.log(`Migrations applied to ${process.env.LIBSQL_URL}`);
} else {
  const persist = process.env.PERSIST_TO ? ["--persist-to", process.env.PERSIST_TO] : [];
  await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persist]);
}
