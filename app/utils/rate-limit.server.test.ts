import { describe, expect, test } from "vitest";
import { rateLimits } from "../../db/schema";
import { freshDbEachTest } from "../../tests/unit-helpers/db";
import type { Database } from "./db.server";
import { lockedFor, recordHit } from "./rate-limit.server";

let db: Database;
freshDbEachTest((fresh) => (db = fresh));

const WINDOW = { limit: 3, windowMs: 60_000 };

describe("fixed-window rate limit", () => {
  test("counts hits and locks once the limit is reached", async () => {
    expect(await lockedFor(db, "k", WINDOW)).toBeNull();
    expect(await recordHit(db, "k", WINDOW)).toBe(1);
    expect(await recordHit(db, "k", WINDOW)).toBe(2);
    expect(await lockedFor(db, "k", WINDOW)).toBeNull();
    expect(await recordHit(db, "k", WINDOW)).toBe(3);
    const seconds = await lockedFor(db, "k", WINDOW);
    expect(seconds).toBeGreaterThanOrEqual(59);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  test("keys are independent", async () => {
    for (let i = 0; i < 3; i++) await recordHit(db, "a", WINDOW);
    expect(await lockedFor(db, "a", WINDOW)).not.toBeNull();
    expect(await lockedFor(db, "b", WINDOW)).toBeNull();
  });

  test("an expired window unlocks, and the next hit starts a new window at 1", async () => {
    await db.insert(rateLimits).values({ key: "k", count: 3, windowStart: new Date(Date.now() - 61_000) });
    expect(await lockedFor(db, "k", WINDOW)).toBeNull();
    const before = Date.now();
    expect(await recordHit(db, "k", WINDOW)).toBe(1);
    const [row] = await db.select().from(rateLimits);
    expect(row!.windowStart.getTime()).toBeGreaterThanOrEqual(before);
  });

  test("a hit inside the window keeps the window's start", async () => {
    const start = new Date(Date.now() - 30_000);
    await db.insert(rateLimits).values({ key: "k", count: 1, windowStart: start });
    expect(await recordHit(db, "k", WINDOW)).toBe(2);
    const [row] = await db.select().from(rateLimits);
    expect(row!.windowStart.getTime()).toBe(start.getTime());
  });

  test("asks to wait at least one second", async () => {
    await db.insert(rateLimits).values({ key: "k", count: 3, windowStart: new Date(Date.now() - 59_200) });
    expect(await lockedFor(db, "k", WINDOW)).toBe(1);
  });
});
