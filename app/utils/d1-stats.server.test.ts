import { describe, expect, test } from "vitest";
import { instrumentD1, newDbStats } from "./d1-stats.server";

// A D1 stand-in: prepare() hands back a statement that answers no rows.
const fakeD1 = () =>
  ({
    prepare: (_query: string) => {
      const statement = { bind: () => statement, all: async () => ({ results: [] }), run: async () => ({}) };
      return statement as unknown as D1PreparedStatement;
    },
    batch: async (statements: D1PreparedStatement[]) => statements.map(() => ({ results: [] })),
  }) as unknown as Pick<D1Database, "prepare" | "batch">;

describe("instrumentD1", () => {
  test("counts round trips and statements, a batch as one trip", async () => {
    const stats = newDbStats();
    const db = instrumentD1(fakeD1(), stats);
    await db.prepare('select 1 from "users"').all();
    await db.batch([db.prepare('select 1 from "users"'), db.prepare('select 2 from "users"')]);
    expect(stats).toMatchObject({ roundTrips: 2, statements: 3, failed: false });
  });

  test("notes a request that queues mail (an insert into the mail outbox), and only that", async () => {
    const reads = newDbStats();
    const readDb = instrumentD1(fakeD1(), reads);
    await readDb.prepare('select "id" from "mail_outbox" where "status" = ?').bind("pending").all();
    await readDb.prepare('update "mail_outbox" set "status" = ? where "id" = ?').bind("sent", 1).run();
    await readDb.prepare('insert into "users" ("name") values (?)').bind("Ann").run();
    expect(reads.mailQueued).toBe(false);

    const writes = newDbStats();
    const writeDb = instrumentD1(fakeD1(), writes);
    await writeDb.batch([
      writeDb.prepare('insert into "mail_outbox" ("id", "kind") select null, ? where 1').bind("verify_email"),
    ]);
    expect(writes.mailQueued).toBe(true);
  });
});
