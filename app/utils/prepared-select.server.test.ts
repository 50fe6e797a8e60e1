import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectors, sessions, users } from "../../db/schema";
import { createTestDb, insertUser, type TestDb } from "../../tests/unit-helpers/db";
import { preparedSelect } from "./prepared-select.server";

// libSQL here; the D1 side (batches answered with row objects) runs in every integration test that
// opens a screen or an API list, and in the D1-shaped result below.
describe("preparedSelect", () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(() => t.dispose());

  const userWithProfile = (db: TestDb["db"]) =>
    db
      .select({ user: users, profile: connectors, one: sql<number>`1`.mapWith(Number).as("one_value") })
      .from(users)
      .leftJoin(connectors, eq(connectors.userId, users.id));

  it("gives the rows Drizzle gives: nested groups, decoded dates, null for an unmatched left join", async () => {
    const withProfile = await insertUser(t.db, { name: "Has Profile" });
    await insertUser(t.db, { name: "No Profile" });
    const now = new Date("2026-11-01T10:00:00Z");
    await t.db.insert(connectors).values({ userId: withProfile.id, name: "Conn", createdAt: now, updatedAt: now });
    const select = preparedSelect((db, _: null) => userWithProfile(db).orderBy(users.id));

    const prepared = await select(t.db, null, {});
    const plain = await userWithProfile(t.db).orderBy(users.id);

    expect(prepared).toEqual(plain);
    expect(prepared[0]?.user.createdAt).toBeInstanceOf(Date);
    expect(prepared[0]?.profile?.name).toBe("Conn");
    expect(prepared[1]?.profile).toBeNull();
    expect(prepared[1]?.one).toBe(1);
  });

  it("binds each call's values and sits in a batch next to plain Drizzle queries", async () => {
    const a = await insertUser(t.db, { name: "Alice" });
    const b = await insertUser(t.db, { name: "Bob" });
    const byId = preparedSelect((db, _: null) =>
      db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, sql.placeholder("id"))),
    );

    const [first, plain, second] = await t.db.batch([
      byId(t.db, null, { id: a.id }),
      t.db.select({ n: sql<number>`count(*)` }).from(users),
      byId(t.db, null, { id: b.id }),
    ]);

    expect(first).toEqual([{ name: "Alice" }]);
    expect(plain).toEqual([{ n: 2 }]);
    expect(second).toEqual([{ name: "Bob" }]);
    expect(await byId(t.db, null, { id: -1 })).toEqual([]);
  });

  it("builds once per shape", async () => {
    const build = vi.fn((db: TestDb["db"], shape: { named: boolean }) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(shape.named ? eq(users.name, sql.placeholder("name")) : undefined),
    );
    const select = preparedSelect(build);
    await select(t.db, { named: true }, { name: "x" });
    await select(t.db, { named: true }, { name: "y" });
    await select(t.db, { named: false }, {});
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("refuses a literal value, which would be cached into every later call", () => {
    const select = preparedSelect((db, _: null) => db.select({ id: users.id }).from(users).where(eq(users.id, 5)));
    expect(() => select(t.db, null, {})).toThrow(/literal parameter/);
  });

  it("refuses a call missing a value", () => {
    const select = preparedSelect((db, _: null) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, sql.placeholder("id"))),
    );
    expect(() => select(t.db, null, {})).toThrow(/No value for placeholder "id"/);
  });

  it("will not map a D1 batch's row objects when two columns share a name (one would be lost)", () => {
    const select = preparedSelect((db, _: null) =>
      db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)),
    );
    const bound = select(t.db, null, {});
    expect(() => bound.mapResult({ results: [{ id: 1 }] }, true)).toThrow(/Column "id" appears twice/);
  });
});
