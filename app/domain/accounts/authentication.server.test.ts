import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { rateLimits } from "../../../db/schema";
import { freshDbEachTest, insertUser, TEST_PASSWORD_PEPPER, testRequester } from "../../../tests/unit-helpers/db";
import { appError } from "../../../tests/unit-helpers/errors";
import type { Database } from "../../utils/db.server";
import { verifyPassword } from "../../utils/password.server";
import { authenticate, findUserById, INVALID_CREDENTIALS, LOGIN_LOCKOUT } from "./users.server";

/**
 * A lockout's Retry-After is what is left of the 15 minutes that began with the first failure: the
 * seconds the failures themselves took (hashing, the slowdown, a busy machine) are already spent.
 */
function expectLockedUntilWindowEnds(headers: HeadersInit | undefined, firstFailure: number) {
  const retryAfter = Number(new Headers(headers).get("Retry-After"));
  const spent = Math.ceil((Date.now() - firstFailure) / 1000);
  expect(retryAfter).toBeGreaterThanOrEqual(LOGIN_LOCKOUT.windowMs / 1000 - spent - 1);
  expect(retryAfter).toBeLessThanOrEqual(LOGIN_LOCKOUT.windowMs / 1000);
}

let db: Database;
freshDbEachTest((fresh) => (db = fresh), { quiet: ["warn", "info"] });

describe("authenticate", () => {
  test("returns the user for the right password, whatever the username's case", async () => {
    const user = await insertUser(db, { username: "Carol", password: "Kettle-Harbor-29" });
    await expect(authenticate(db, { username: "Carol", password: "Kettle-Harbor-29" }, testRequester())).resolves.toMatchObject({
      id: user.id,
    });
    await expect(authenticate(db, { username: "carol", password: "Kettle-Harbor-29" }, testRequester())).resolves.toMatchObject({
      id: user.id,
    });
  });

  test("an unknown username and a wrong password fail identically", async () => {
    await insertUser(db, { username: "carol", password: "Kettle-Harbor-29" });
    const unknown = await appError(authenticate(db, { username: "nobody", password: "Kettle-Harbor-29" }, testRequester()));
    const wrong = await appError(authenticate(db, { username: "carol", password: "Secret124" }, testRequester()));
    for (const error of [unknown, wrong]) {
      expect(error.status).toBe(401);
      expect(error.message).toBe("Invalid username or password");
      expect(error.errors).toBeUndefined();
      expect(error.headers).toBeUndefined();
    }
    expect(INVALID_CREDENTIALS).toBe("Invalid username or password");
  });

  test("locks the username for the failing client for 15 minutes after 10 failures, even for the right password", async () => {
    expect(LOGIN_LOCKOUT).toEqual({ limit: 10, windowMs: 15 * 60 * 1000 });
    await insertUser(db, { username: "dave", password: "Kettle-Harbor-29" });
    const attacker = testRequester("203.0.113.9");
    const firstFailure = Date.now();
    for (let i = 0; i < 10; i++) {
      // The count is per username regardless of case.
      const error = await appError(authenticate(db, { username: i % 2 ? "DAVE" : "dave", password: `wrong${i}` }, attacker));
      expect(error.status).toBe(401);
    }

    const locked = await appError(authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, attacker));
    expect(locked.status).toBe(429);
    expect(locked.message).toBe("Too many failed login attempts. Please try again later.");
    expectLockedUntilWindowEnds(locked.headers, firstFailure);

    // Another username is not affected.
    await insertUser(db, { username: "erin", password: "Kettle-Harbor-29" });
    await expect(authenticate(db, { username: "erin", password: "Kettle-Harbor-29" }, attacker)).resolves.toMatchObject({
      username: "erin",
    });

    // Every failure, the lockout and the login are security events (and no password is logged).
    const logged = [...vi.mocked(console.warn).mock.calls, ...vi.mocked(console.info).mock.calls].map(([line]) => String(line));
    const events = logged.map((line) => JSON.parse(line) as { kind: string; lockedNow?: boolean });
    expect(events.filter((e) => e.kind === "login_failed")).toHaveLength(10);
    expect(events.filter((e) => e.kind === "login_failed" && e.lockedNow)).toHaveLength(1);
    expect(events.filter((e) => e.kind === "login_locked")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "login")).toHaveLength(1);
    expect(logged.join("\n")).not.toMatch(/Kettle-Harbor-29|wrong\d/);
  });

  test("a stranger's failures do not lock the right password out from another client (issue 15, finding 2)", async () => {
    const dave = await insertUser(db, { username: "dave", password: "Kettle-Harbor-29" });
    const stranger = testRequester("203.0.113.9");
    for (let i = 0; i < 10; i++) await appError(authenticate(db, { username: "dave", password: "wrong" }, stranger));
    expect((await appError(authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, stranger))).status).toBe(429);
    await expect(
      authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, testRequester("198.51.100.20")),
    ).resolves.toMatchObject({ id: dave.id });
  });

  test("the admin login cannot be locked by a stranger either", async () => {
    const root = await insertUser(db, { username: "root", password: "Kettle-Harbor-29", isAdmin: true });
    const stranger = testRequester("203.0.113.9");
    for (let i = 0; i < 12; i++) {
      await appError(authenticate(db, { username: "root", password: `guess${i}` }, stranger, { adminOnly: true }));
    }
    const locked = await appError(
      authenticate(db, { username: "root", password: "Kettle-Harbor-29" }, stranger, { adminOnly: true }),
    );
    expect(locked.status).toBe(429);
    await expect(
      authenticate(db, { username: "root", password: "Kettle-Harbor-29" }, testRequester("198.51.100.20"), { adminOnly: true }),
    ).resolves.toMatchObject({ id: root.id, isAdmin: true });
  });

  test("30 failures from one client, whatever the usernames, lock that client before any hashing", async () => {
    await insertUser(db, { username: "dave", password: "Kettle-Harbor-29" });
    const sprayer = testRequester("203.0.113.9");
    const firstFailure = Date.now();
    for (let i = 0; i < 30; i++) {
      expect((await appError(authenticate(db, { username: `victim${i}`, password: "Password1" }, sprayer))).status).toBe(401);
    }
    const deriveBits = vi.spyOn(crypto.subtle, "deriveBits");
    const locked = await appError(authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, sprayer));
    expect(locked.status).toBe(429);
    expect(locked.message).toBe("Too many failed login attempts. Please try again later.");
    expectLockedUntilWindowEnds(locked.headers, firstFailure);
    // A refused attempt costs the server no PBKDF2.
    expect(deriveBits).not.toHaveBeenCalled();
    // Everyone else still logs in.
    await expect(authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, testRequester())).resolves.toMatchObject({
      username: "dave",
    });
    // 31 hashes on a shared 2-core machine.
  }, 15_000);

  test("failures of one username from many clients slow its checks down but never refuse the right password", async () => {
    const dave = await insertUser(db, { username: "dave", password: "Kettle-Harbor-29" });
    for (let i = 0; i < 12; i++) {
      expect(
        (await appError(authenticate(db, { username: "dave", password: "wrong" }, testRequester(`203.0.113.${i}`)))).status,
      ).toBe(401);
    }
    const started = Date.now();
    await expect(
      authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, testRequester("198.51.100.20")),
    ).resolves.toMatchObject({ id: dave.id });
    // 12 failures from anywhere: 2 past the limit of 10, 250 ms each.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    const events = vi
      .mocked(console.warn)
      .mock.calls.map(([line]) => JSON.parse(String(line)) as { kind: string; delayMs?: number });
    expect(events.filter((e) => e.kind === "login_slowed").map((e) => e.delayMs)).toContain(500);
    // The owner's success starts the username's count again; the pair counts are gone with it.
    const keys = (await db.select().from(rateLimits)).map((r) => r.key).sort();
    expect(keys.filter((k) => k.startsWith("login:account:") || k.startsWith("login:pair:dave|198"))).toEqual([]);
  });

  test("the lockout ends when the 15-minute window has passed, and a success clears the username's counts", async () => {
    await insertUser(db, { username: "dave", password: "Kettle-Harbor-29" });
    const requester = testRequester("203.0.113.9");
    for (let i = 0; i < 10; i++) await appError(authenticate(db, { username: "dave", password: "wrong" }, requester));
    expect((await appError(authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, requester))).status).toBe(429);

    // Move the window starts back just past 15 minutes.
    await db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - LOGIN_LOCKOUT.windowMs - 1000) })
      .where(eq(rateLimits.key, "login:pair:dave|203.0.113.9"));
    await expect(authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, requester)).resolves.toMatchObject({
      username: "dave",
    });
    // Only the client's own count stays (its 10 failures and 1 refused try; the success is taken back).
    expect((await db.select().from(rateLimits)).map((r) => [r.key, r.count])).toEqual([["login:client:203.0.113.9", 11]]);
  });

  test("one minute before the window ends it is still locked, with about 60 seconds to wait", async () => {
    await insertUser(db, { username: "dave", password: "Kettle-Harbor-29" });
    await db.insert(rateLimits).values({
      key: "login:pair:dave|203.0.113.9",
      count: 10,
      windowStart: new Date(Date.now() - LOGIN_LOCKOUT.windowMs + 60_000),
    });
    const locked = await appError(
      authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, testRequester("203.0.113.9")),
    );
    expect(locked.status).toBe(429);
    const retryAfter = Number(new Headers(locked.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  test("nine failures then a success start the count again", async () => {
    await insertUser(db, { username: "dave", password: "Kettle-Harbor-29" });
    for (let i = 0; i < 9; i++) await appError(authenticate(db, { username: "dave", password: "wrong" }, testRequester()));
    await authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, testRequester());
    for (let i = 0; i < 9; i++) await appError(authenticate(db, { username: "dave", password: "wrong" }, testRequester()));
    await expect(authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, testRequester())).resolves.toMatchObject({
      username: "dave",
    });
  });

  test("parallel guesses cannot slip under the limit: each is counted before it is checked", async () => {
    await insertUser(db, { username: "dave", password: "Kettle-Harbor-29" });
    const attacker = testRequester("203.0.113.9");
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => appError(authenticate(db, { username: "dave", password: `wrong${i}` }, attacker))),
    );
    // At most the pair's 10 are compared (checks of one username now also run one at a time and a
    // guess kept waiting a second is refused too, decision 111); all 15 were counted first.
    expect(results.filter((e) => e.status === 401).length).toBeLessThanOrEqual(10);
    expect(results.filter((e) => e.status === 401 || e.status === 429)).toHaveLength(15);
    const [pair] = await db.select().from(rateLimits).where(eq(rateLimits.key, "login:pair:dave|203.0.113.9"));
    expect(pair?.count).toBe(15);
  });

  test("a legacy unpeppered hash logs in and is replaced by today's peppered hash (issue 15, finding 10)", async () => {
    const { pbkdf2Sync, randomBytes } = await import("node:crypto");
    const salt = randomBytes(16);
    const legacy = `pbkdf2-sha256$100000$${salt.toString("base64")}$${pbkdf2Sync("Kettle-Harbor-29", salt, 100_000, 32, "sha256").toString("base64")}`;
    const user = await insertUser(db, { username: "olga", passwordHash: legacy });
    const loggedIn = await authenticate(db, { username: "olga", password: "Kettle-Harbor-29" }, testRequester());
    const stored = (await findUserById(db, user.id))!.passwordHash;
    expect(stored).toMatch(/^pbkdf2-sha256-peppered\$[0-9a-f]{8}\$100000\$/);
    expect(loggedIn.passwordHash).toBe(stored);
    await expect(verifyPassword("Kettle-Harbor-29", stored, TEST_PASSWORD_PEPPER)).resolves.toBe(true);
    // Once upgraded it stays as it is.
    await authenticate(db, { username: "olga", password: "Kettle-Harbor-29" }, testRequester());
    expect((await findUserById(db, user.id))!.passwordHash).toBe(stored);
    // A wrong password upgrades nothing.
    const other = await insertUser(db, { username: "piet", passwordHash: legacy });
    await appError(authenticate(db, { username: "piet", password: "Secret124" }, testRequester()));
    expect((await findUserById(db, other.id))!.passwordHash).toBe(legacy);
  });

  test("a suspended account gets 403 with the right password, the usual 401 with a wrong one", async () => {
    await insertUser(db, { username: "frank", password: "Kettle-Harbor-29", suspendedAt: new Date() });
    const suspended = await appError(authenticate(db, { username: "frank", password: "Kettle-Harbor-29" }, testRequester()));
    expect(suspended.status).toBe(403);
    expect(suspended.message).toBe("This account is suspended. Please contact support.");
    const wrong = await appError(authenticate(db, { username: "frank", password: "nope123" }, testRequester()));
    expect(wrong.status).toBe(401);
    expect(wrong.message).toBe("Invalid username or password");
  });

  test("admin login accepts only admins", async () => {
    await insertUser(db, { username: "root", password: "Kettle-Harbor-29", isAdmin: true });
    await insertUser(db, { username: "grace", password: "Kettle-Harbor-29" });
    await expect(
      authenticate(db, { username: "root", password: "Kettle-Harbor-29" }, testRequester(), { adminOnly: true }),
    ).resolves.toMatchObject({
      isAdmin: true,
    });
    const notAdmin = await appError(
      authenticate(db, { username: "grace", password: "Kettle-Harbor-29" }, testRequester(), { adminOnly: true }),
    );
    expect(notAdmin.status).toBe(401);
    // Same answer as a wrong password, so the admin login does not confirm a regular user's password.
    expect(notAdmin.message).toBe("Invalid username or password");
    const wrong = await appError(
      authenticate(db, { username: "root", password: "Secret124" }, testRequester(), { adminOnly: true }),
    );
    expect(wrong.message).toBe("Invalid username or password");
  });
});
