import { readdirSync, readFileSync } from "node:fs";

/** The migration files' names, in the order `wrangler d1 migrations apply` runs them. */
export function migrationFiles(): string[] {
  return readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort();
}

/** Runs whole migration files on a libSQL client (the tests of what a migration does to rows already there). */
export async function runMigrationFiles(client: { executeMultiple(sql: string): Promise<unknown> }, files: string[]) {
  for (const file of files) await client.executeMultiple(readFileSync(`migrations/${file}`, "utf8"));
}

/** Every statement of migrations/, in order, split as drizzle-kit marks them (for a D1 made by hand). */
export function migrationStatements(): string[] {
  return migrationFiles()
    .flatMap((f) => readFileSync(`migrations/${f}`, "utf8").split("--> statement-breakpoint"))
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Applies every migration to a D1 reached through Miniflare's proxy in one `exec` call. Each
 * `prepare` through that proxy is a synchronous cross-thread call, and one of the ~300 a statement-
 * by-statement run made failed now and then on a loaded CI machine (an assertion inside Miniflare's
 * SynchronousFetcher). `exec` runs one statement per line, so comments go and each statement is
 * folded onto a single line (no migration has a string literal spanning lines or holding `--`).
 */
export async function applyMigrations(d1: { exec(query: string): Promise<unknown> }): Promise<void> {
  const script = migrationStatements()
    .map((statement) =>
      statement
        .replace(/^\s*--.*$/gm, "")
        .replace(/\s*\n\s*/g, " ")
        .trim(),
    )
    .filter(Boolean)
    .join("\n");
  await d1.exec(script);
}
