import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, afterEach, beforeEach, vi } from "vitest";
import type { Database } from "../../app/utils/db.server";
import { hashPassword } from "../../app/utils/password.server";
import type { Requester } from "../../app/utils/requester.server";
import { sessionIdOf } from "../../app/utils/session.server";
import * as schema from "../../db/schema";
import { ACME } from "./fixtures";

const MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "warm-intros-unit-"));
// Vitest evaluates this module once per test file, so the hook removes that file's databases; a
// measuring script (bench/prepared-selects.ts) removes them when it exits.
const removeDatabases = () => rmSync(dir, { recursive: true, force: true });
if (process.env.VITEST) afterAll(removeDatabases);
else process.on("exit", removeDatabases);

let template: Promise<string> | undefined;
let counter = 0;

/** Migrates one database file per worker; every test database is a copy of it. */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const path = join(dir, "template.db");
    const client = createClient({ url: `file:${path}` });
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    client.close();
    return path;
  })();
  return template;
}

export type TestDb = { db: Database; path: string; dispose: () => void };

/**
 * A fresh, migrated libSQL database in a temporary FILE (":memory:" would hand libSQL's batch
 * transactions a separate, empty connection). Call `dispose` when the test is done.
 */
export async function createTestDb(): Promise<TestDb> {
  const path = join(dir, `test-${process.pid}-${++counter}.db`);
  copyFileSync(await migratedTemplate(), path);
  const client = createClient({ url: `file:${path}` });
  const db = drizzle(client) as unknown as Database;
  return {
    db,
    path,
    dispose: () => {
      client.close();
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(path + suffix, { force: true });
    },
  };
}

/**
 * Gives each test of the file (or of the describe block it is called in) a fresh migrated database,
 * handed to `use` before the test's own beforeEach hooks run and disposed after the test. `quiet`
 * silences the console levels the code under test logs to (its security events) for each test, and
 * then every mock is restored after the test.
 */
export function freshDbEachTest(use: (db: Database) => unknown, { quiet = [] }: { quiet?: ("info" | "warn")[] } = {}) {
  let t: TestDb | undefined;
  beforeEach(async () => {
    t = await createTestDb();
    use(t.db);
    for (const level of quiet) vi.spyOn(console, level).mockImplementation(() => {});
  });
  afterEach(() => {
    if (quiet.length > 0) vi.restoreAllMocks();
    t?.dispose();
  });
}

export const TEST_SESSION_SECRET = "unit-test-session-secret-0123456789abcdef";
export const TEST_PASSWORD_PEPPER = "unit-test-password-pepper-0123456789abcdef";

/** A request's requester: the test pepper and a client address of its own unless one is named. */
export function testRequester(client = "192.0.2.1"): Requester {
  return { client, pepper: TEST_PASSWORD_PEPPER };
}

/**
 * Remix's load context for one request, as app/load-context.ts declares it (without a session:
 * use `requestContext` for a request that carries a cookie). `settle` awaits the work handed to
 * `waitUntil` (e.g. the session touch).
 */
export function createLoadContext(db: Database, env: Partial<CloudflareEnv> = {}, sessionId: string | null = null) {
  const background: Promise<unknown>[] = [];
  const context: AppLoadContext = {
    cloudflare: {
      env: { SESSION_SECRET: TEST_SESSION_SECRET, PASSWORD_PEPPER: TEST_PASSWORD_PEPPER, ...env } as CloudflareEnv,
      ctx: { waitUntil: (promise) => void background.push(promise) },
    },
    db: () => db,
    memo: new Map(),
    nonce: "",
    sessionId,
  };
  return { context, background, settle: () => Promise.all(background) };
}

/** The load context of `request`, its session id read from its cookie as getLoadContext does. */
export async function requestContext(db: Database, request: Request, env: Partial<CloudflareEnv> = {}) {
  const sessionId = await sessionIdOf(request, {
    SESSION_SECRET: TEST_SESSION_SECRET,
    PASSWORD_PEPPER: TEST_PASSWORD_PEPPER,
    ...env,
  } as CloudflareEnv);
  return createLoadContext(db, env, sessionId);
}

/** Few iterations: tests that are not about hashing need not pay 100,000 per user. */
export const FAST_ITERATIONS = 1_000;

let userCounter = 0;

/** Inserts a user directly (no signup side effects) whose password verifies like any other. */
export async function insertUser(
  db: Database,
  overrides: Partial<typeof schema.users.$inferInsert> & { password?: string } = {},
): Promise<schema.User> {
  const { password = "Kettle-Harbor-29", ...fields } = overrides;
  const n = ++userCounter;
  const now = new Date();
  const [user] = await db
    .insert(schema.users)
    .values({
      username: `user${n}`,
      name: `User ${n}`,
      email: `user${n}@example.com`,
      phone: "+65 9123 4567",
      accountType: "individual",
      createdAt: now,
      updatedAt: now,
      ...fields,
      passwordHash: fields.passwordHash ?? (await hashPassword(password, TEST_PASSWORD_PEPPER, FAST_ITERATIONS)),
    })
    .returning();
  return user!;
}

/**
 * A business owned by `userId` with its required columns only, none of interest to the test (the
 * UEN unique to the owner); `fields` overrides them.
 */
export function insertBusiness(db: Database, userId: number, fields: Partial<typeof schema.businesses.$inferInsert> = {}) {
  return db
    .insert(schema.businesses)
    .values({
      userId,
      companyName: "Acme",
      uen: `UEN${userId}X`,
      address: "1 Road",
      referralFee: "5%",
      referralTerms: "Terms apply to everything",
      contactPerson: "Ann",
      contactPhone: "+65 6123 4567",
      contactEmail: "ann@example.com",
      ...fields,
    })
    .returning()
    .get();
}

/**
 * Acme's owner and business, a connector (Jane), and one referral from her to Acme (Ann Lee, 5%, the
 * terms captured), each inserted directly; `referral` overrides the referral's columns.
 */
export async function insertReferralParties(db: Database, referral: Partial<typeof schema.referrals.$inferInsert> = {}) {
  const owner = await insertUser(db, { accountType: "business", name: "Olive Owner" });
  const [business] = await db
    .insert(schema.businesses)
    .values({ userId: owner.id, ...ACME })
    .returning();
  const jane = await insertUser(db, { name: "Jane Connector" });
  const [connector] = await db.insert(schema.connectors).values({ userId: jane.id, name: "Jane Connector" }).returning();
  const [row] = await db
    .insert(schema.referrals)
    .values({
      connectorId: connector!.id,
      businessId: business!.id,
      referredPersonName: "Ann Lee",
      referredPersonEmail: "ann@example.com",
      referredPersonPhone: "+65 9000 0001",
      referredEmailKey: "ann@example.com",
      referredPhoneKey: "6590000001",
      cashbackBasisPoints: 500,
      termsReferralFee: "5%",
      termsReferralTerms: "Paid within 30 days of the first invoice.",
      termsCapturedAt: new Date(),
      ...referral,
    })
    .returning();
  return { owner, business: business!, jane, connector: connector!, referral: row! };
}

/** Row count of a table, for "nothing else was written" assertions. */
export async function countRows(db: Database, table: "users" | "connectors" | "businesses" | "activity_logs" | "sessions") {
  const row = await db.get<{ n: number }>(sql.raw(`select count(*) as n from ${table}`));
  return row.n;
}

/**
 * A database whose next `batch` first runs `before` on the real database: the write of a
 * concurrent request landing between a model's pre-checks and its batch.
 */
export function withRaceBeforeBatch(db: Database, before: () => Promise<unknown>): Database {
  let raced = false;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "batch") {
        return async (...args: Parameters<Database["batch"]>) => {
          if (!raced) {
            raced = true;
            await before();
          }
          return target.batch(...args);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The steps of SQLite's EXPLAIN QUERY PLAN for a statement (its `getQuery()`), its parameters inlined
 * (strings and numbers only): what a test of an index's use reads.
 */
export async function explainQueryPlan(db: Database, query: { sql: string; params: unknown[] }): Promise<string[]> {
  let i = 0;
  const inlined = query.sql.replace(/\?/g, () => {
    const value = query.params[i++];
    return typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
  const rows = await db.all<{ detail: string }>(sql.raw(`explain query plan ${inlined}`));
  return rows.map((row) => row.detail);
}
