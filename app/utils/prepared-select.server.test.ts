import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { connectors, notifications, sessions, users } from "../../db/schema";
import { freshDbEachTest, insertUser } from "../../tests/unit-helpers/db";
import type { Database } from "./db.server";
import { placeholders, preparedSelect, preparedWrite } from "./prepared-select.server";

// libSQL here; the D1 side (batches answered with row objects) runs in every integration test that
// opens a screen or an API list, and in the D1-shaped result below.
describe("preparedSelect", () => {
  let db: Database;
  freshDbEachTest((fresh) => (db = fresh));

  const userWithProfile = (db: Database) =>
    db
      .select({ user: users, profile: connectors, one: sql<number>`1`.mapWith(Number).as("one_value") })
      .from(users)
      .leftJoin(connectors, eq(connectors.userId, users.id));

  it("gives the rows Drizzle gives: nested groups, decoded dates, null for an unmatched left join", async () => {
    const withProfile = await insertUser(db, { name: "Has Profile" });
    await insertUser(db, { name: "No Profile" });
    const now = new Date("2026-11-01T10:00:00Z");
    await db.insert(connectors).values({ userId: withProfile.id, name: "Conn", createdAt: now, updatedAt: now });
    const select = preparedSelect((db, _: null) => userWithProfile(db).orderBy(users.id));

    const prepared = await select(db, null, {});
    const plain = await userWithProfile(db).orderBy(users.id);

    expect(prepared).toEqual(plain);
    expect(prepared[0]?.user.createdAt).toBeInstanceOf(Date);
    expect(prepared[0]?.profile?.name).toBe("Conn");
    expect(prepared[1]?.profile).toBeNull();
    expect(prepared[1]?.one).toBe(1);
  });

  it("binds each call's values and sits in a batch next to plain Drizzle queries", async () => {
    const a = await insertUser(db, { name: "Alice" });
    const b = await insertUser(db, { name: "Bob" });
    const byId = preparedSelect((db, _: null) =>
      db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, sql.placeholder("id"))),
    );

    const [first, plain, second] = await db.batch([
      byId(db, null, { id: a.id }),
      db.select({ n: sql<number>`count(*)` }).from(users),
      byId(db, null, { id: b.id }),
    ]);

    expect(first).toEqual([{ name: "Alice" }]);
    expect(plain).toEqual([{ n: 2 }]);
    expect(second).toEqual([{ name: "Bob" }]);
    expect(await byId(db, null, { id: -1 })).toEqual([]);
  });

  it("builds once per shape", async () => {
    const build = vi.fn((db: Database, shape: { named: boolean }) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(shape.named ? eq(users.name, sql.placeholder("name")) : undefined),
    );
    const select = preparedSelect(build);
    await select(db, { named: true }, { name: "x" });
    await select(db, { named: true }, { name: "y" });
    await select(db, { named: false }, {});
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("refuses a literal value, which would be cached into every later call", () => {
    const select = preparedSelect((db, _: null) => db.select({ id: users.id }).from(users).where(eq(users.id, 5)));
    expect(() => select(db, null, {})).toThrow(/literal parameter/);
  });

  it("refuses a call missing a value", () => {
    const select = preparedSelect((db, _: null) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, sql.placeholder("id"))),
    );
    expect(() => select(db, null, {})).toThrow(/No value for placeholder "id"/);
    expect(() => select(db, null, { id: undefined })).toThrow(/No value for placeholder "id"/);
  });

  it("will not map a D1 batch's row objects when two columns share a name (one would be lost)", () => {
    const select = preparedSelect((db, _: null) =>
      db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)),
    );
    const bound = select(db, null, {});
    expect(() => bound.mapResult({ results: [{ id: 1 }] }, true)).toThrow(/Column "id" appears twice/);
  });
});

describe("preparedWrite (decision 089)", () => {
  let db: Database;
  freshDbEachTest((fresh) => (db = fresh));

  const insertNotification = preparedWrite((db, _: null) =>
    db.insert(notifications).values(placeholders("userId", "title", "body", "readAt", "createdAt")),
  );
  const markRead = preparedWrite((db, _: null) =>
    db
      .update(notifications)
      // Drizzle's set() types take no placeholder: a SQL one is bound as given (epoch ms here).
      .set({ readAt: sql`${sql.placeholder("readAt")}` })
      .where(eq(notifications.userId, sql.placeholder("userId")))
      .returning({ id: notifications.id, readAt: notifications.readAt }),
  );

  it("writes each call's values, encoded as their columns encode (a Date, a null timestamp), in a batch or alone", async () => {
    const user = await insertUser(db, { name: "Reader" });
    const created = new Date("2026-11-20T08:00:00Z");
    const [first, plain, second] = await db.batch([
      insertNotification(db, null, { userId: user.id, title: "One", body: null, readAt: null, createdAt: created }),
      db.select({ n: sql<number>`count(*)` }).from(notifications),
      insertNotification(db, null, { userId: user.id, title: "Two", body: "b", readAt: created, createdAt: created }),
    ]);
    expect(first).toEqual([]);
    expect(plain).toEqual([{ n: 1 }]);
    expect(second).toEqual([]);
    await insertNotification(db, null, { userId: user.id, title: "Three", body: null, readAt: null, createdAt: created });
    const rows = await db.select().from(notifications).orderBy(notifications.id);
    expect(rows.map((r) => [r.title, r.body, r.readAt, r.createdAt])).toEqual([
      ["One", null, null, created],
      ["Two", "b", created, created],
      ["Three", null, null, created],
    ]);
  });

  it("answers the rows of its RETURNING, decoded as Drizzle decodes them", async () => {
    const user = await insertUser(db, { name: "Reader" });
    const at = new Date("2026-11-21T09:30:00Z");
    await insertNotification(db, null, { userId: user.id, title: "One", body: null, readAt: null, createdAt: at });
    const [returned] = await db.batch([markRead(db, null, { userId: user.id, readAt: at.getTime() })]);
    expect(returned).toEqual([{ id: expect.any(Number), readAt: at }]);
    expect(await markRead(db, null, { userId: user.id, readAt: null })).toEqual([{ id: returned[0]?.id, readAt: null }]);
  });

  it("refuses a value Drizzle would fix at build time (a constant default, an $onUpdateFn) and a statement that is not a write", () => {
    // users.account_type defaults to "individual": left out, Drizzle would bind that literal.
    const withDefault = preparedWrite((db, _: null) =>
      db.insert(users).values({
        username: sql.placeholder("username"),
        passwordHash: sql.placeholder("hash"),
        name: sql.placeholder("name"),
        createdAt: sql.placeholder("now"),
        updatedAt: sql.placeholder("now"),
      }),
    );
    expect(() => withDefault(db, null, { username: "u", hash: "h", name: "n", now: new Date() })).toThrow(/literal parameter/);
    // users.updated_at is set by $onUpdateFn when an update leaves it out: the first build's time, forever.
    const rename = preparedWrite((db, _: null) =>
      db
        .update(users)
        .set({ name: sql`${sql.placeholder("name")}` })
        .where(eq(users.id, sql.placeholder("id"))),
    );
    expect(() => rename(db, null, { name: "n", id: 1 })).toThrow(/literal parameter/);
    const read = preparedWrite((db, _: null) => db.select({ id: users.id }).from(users));
    expect(() => read(db, null, {})).toThrow(/must be a WRITE/);
  });
});
