import { Column, eq, is, Param, Placeholder, SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectors, users } from "../../db/schema";
import { compatibilityDate } from "../../scripts/lib/worker-config.mjs";
import { createTestDb, insertUser } from "../../tests/unit-helpers/db";
import { applyMigrations } from "../../tests/unit-helpers/migrations";
import type { Database } from "./db.server";
import { preparedSelect } from "./prepared-select.server";

/*
 * The prepared-select layer reads Drizzle internals that no public API promises (drizzle-orm is
 * pinned exactly for this reason): a select's `_prepare()` with its `fields`,
 * `joinsNotNullableMap` and `getQuery()`, an insert's `Param`-wrapped placeholders, and the batch protocol of the D1 and
 * libSQL sessions (`_prepare`, `getQuery`, `stmt`, `mapResult(result, true)`). These tests fail
 * when an upgrade changes any of them: the shapes are checked by name, and every bound select must
 * give what Drizzle itself gives, awaited alone and in a batch, on libSQL and on D1 (Miniflare's, the
 * workerd implementation the app runs on).
 */

/** Nested groups, a left join, a decoded date and a `mapWith` column; no column name repeats. */
const userWithProfile = (db: Database) =>
  db
    .select({
      user: { id: users.id, username: users.username, createdAt: users.createdAt },
      profile: { connectorName: connectors.name, connectorEmail: connectors.email },
      one: sql<number>`1`.mapWith(Number).as("one_value"),
    })
    .from(users)
    .leftJoin(connectors, eq(connectors.userId, users.id));

type DrizzlePrepared = {
  fields: { path: string[]; field: unknown }[];
  joinsNotNullableMap: Record<string, boolean>;
  getQuery(): { sql: string; params: unknown[] };
};

describe("Drizzle internals read by preparedSelect", () => {
  it("a select's _prepare() gives fields by path, which joined tables may be null, and placeholders as params", async () => {
    const t = await createTestDb();
    try {
      const query = userWithProfile(t.db).where(eq(users.id, sql.placeholder("id")));
      const prepared = (query as unknown as { _prepare(): DrizzlePrepared })._prepare();

      expect(prepared.fields.map(({ path }) => path)).toEqual([
        ["user", "id"],
        ["user", "username"],
        ["user", "createdAt"],
        ["profile", "connectorName"],
        ["profile", "connectorEmail"],
        ["one"],
      ]);
      expect(prepared.fields[0]?.field).toBeInstanceOf(Column);
      expect(prepared.fields[5]?.field).toBeInstanceOf(SQL.Aliased);
      expect(prepared.joinsNotNullableMap).toEqual({ users: true, connectors: false });
      const { sql: text, params } = prepared.getQuery();
      expect(text).toMatch(/^select .* from "users" left join "connectors" .* where "users"."id" = \?$/);
      expect(params).toHaveLength(1);
      expect(params[0]).toBeInstanceOf(Placeholder);
    } finally {
      t.dispose();
    }
  });

  it("an insert's value placeholder comes out of _prepare() as a Param holding it, with its column as encoder", async () => {
    const t = await createTestDb();
    try {
      const insert = t.db.insert(users).values({
        username: sql.placeholder("username"),
        passwordHash: "x",
        name: "n",
        createdAt: sql.placeholder("at"),
      });
      const { params } = (insert as unknown as { _prepare(): { getQuery(): { params: unknown[] } } })._prepare().getQuery();
      const named = (name: string) =>
        (params as Param[]).find((p) => is(p, Param) && is(p.value, Placeholder) && p.value.name === name);
      expect(named("username")?.encoder).toBe(users.username);
      expect(named("at")?.encoder.mapToDriverValue(new Date(1_700_000_000_000))).toBe(1_700_000_000_000);
    } finally {
      t.dispose();
    }
  });
});

type Driver = { db: Database; dispose: () => Promise<void> | void };

const drivers: [string, () => Promise<Driver>][] = [
  ["libSQL", createTestDb],
  [
    "D1",
    async () => {
      const mf = new Miniflare(
        convertV4MiniflareOptions({
          modules: true,
          script: "export default { fetch: () => new Response(null) }",
          compatibilityDate,
          d1Databases: { DB: `unit-${crypto.randomUUID()}` },
        }),
      );
      const d1 = (await mf.getD1Database("DB")) as unknown as D1Database;
      await applyMigrations(d1);
      return { db: drizzle(d1), dispose: () => mf.dispose() };
    },
  ],
];

describe.each(drivers)("preparedSelect speaks Drizzle's batch protocol on %s", (_, open) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await open();
    const { db } = driver;
    const withProfile = await insertUser(db, { username: "hasprofile" });
    await insertUser(db, { username: "noprofile" });
    const now = new Date("2026-11-01T10:00:00Z");
    await db.insert(connectors).values({ userId: withProfile.id, name: "Conn", createdAt: now, updatedAt: now });
  }, 30_000);
  afterAll(() => driver?.dispose());

  const byId = preparedSelect((db, _: null) => userWithProfile(db).where(eq(users.id, sql.placeholder("id"))));
  const all = preparedSelect((db, _: null) => userWithProfile(db).orderBy(users.id));

  it("gives Drizzle's own rows when awaited alone", async () => {
    const { db } = driver;
    const plain = await userWithProfile(db).orderBy(users.id);
    expect(plain).toHaveLength(2);
    expect(plain[0]?.user.createdAt).toBeInstanceOf(Date);
    expect(plain[1]?.profile).toBeNull();
    expect(await all(db, null, {})).toEqual(plain);
  });

  it("gives Drizzle's own rows in a batch, bound (the statement from `stmt`) and unbound, beside plain queries", async () => {
    const { db } = driver;
    const [first, second] = await userWithProfile(db).orderBy(users.id);
    const [boundFirst, plainAll, unbound, boundSecond, plainCount] = await db.batch([
      byId(db, null, { id: first?.user.id }),
      userWithProfile(db).orderBy(users.id),
      all(db, null, {}),
      byId(db, null, { id: second?.user.id }),
      db.select({ n: sql<number>`count(*)` }).from(users),
    ]);

    expect(boundFirst).toEqual([first]);
    expect(boundSecond).toEqual([second]);
    expect(unbound).toEqual(plainAll);
    expect(plainAll).toEqual([first, second]);
    expect(plainCount).toEqual([{ n: 2 }]);
  });
});
