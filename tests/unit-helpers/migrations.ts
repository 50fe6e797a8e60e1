import { readdirSync, readFileSync } from "node:fs";
import { type Client, createClient } from "@libsql/client";

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

/**
 * What a migration does to rows already there: an in-memory libSQL database (foreign keys on, as D1
 * keeps them, unless `foreignKeys` is false) migrated up to the first file whose name `isTarget`
 * picks. `body` writes the rows, runs `migrate()` (that file; with `andLater`, it and every later
 * one) and checks what it left. The database is closed afterwards.
 */
export async function aroundMigration(
  isTarget: (file: string) => boolean,
  body: (client: Client, migrate: () => Promise<void>) => Promise<void>,
  { foreignKeys = true, andLater = false } = {},
) {
  const client = createClient({ url: ":memory:" });
  try {
    await client.execute(`PRAGMA foreign_keys = ${foreignKeys ? "ON" : "OFF"}`);
    const files = migrationFiles();
    const at = files.findIndex(isTarget);
    // Not found, or the first file: there would be no rows from before it to test with.
    if (at < 1) throw new Error(`no migration after the first one matches ${isTarget}`);
    await runMigrationFiles(client, files.slice(0, at));
    await body(client, () => runMigrationFiles(client, andLater ? files.slice(at) : [files[at]!]));
  } finally {
    client.close();
  }
}

/**
 * aroundMigration's usual course: the statements `rowsBefore` write what is there before the
 * migration, the migration runs, and `check` reads what it left.
 */
export function afterMigrating(
  isTarget: (file: string) => boolean,
  rowsBefore: string,
  check: (client: Client) => Promise<void>,
) {
  return aroundMigration(isTarget, async (client, migrate) => {
    await client.executeMultiple(rowsBefore);
    await migrate();
    await check(client);
  });
}

/** The owner (user 1) and Acme (business 1), inserted in the columns every migration has had. */
export const OWNER_AND_ACME = `
  INSERT INTO users (id, username, password_hash, name) VALUES (1, 'owner', 'x', 'Owner');
  INSERT INTO businesses (id, user_id, company_name, uen, address, referral_fee, referral_terms, contact_person, contact_phone, contact_email)
    VALUES (1, 1, 'Acme', '201912345K', '1 Raffles Place, Singapore', '10%', 'Ten percent of the first invoice.', 'Owner', '+65 6123 4567', 'o@acme.example');
`;

/** Jane (user 2) and her connector profile, `connectorId`. */
export const janeTheConnector = (connectorId: number) => `
  INSERT INTO users (id, username, password_hash, name) VALUES (2, 'jane', 'x', 'Jane');
  INSERT INTO connectors (id, user_id, name) VALUES (${connectorId}, 2, 'Jane');
`;

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
