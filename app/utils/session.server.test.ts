import { createCookie } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { sessions, users } from "../../db/schema";
import { createLoadContext, freshDbEachTest, insertUser, requestContext, TEST_SESSION_SECRET } from "../../tests/unit-helpers/db";
import { cookiePair, loginCookie, sessionFor as readSession, requestWith } from "../../tests/unit-helpers/sessions";
import { sha256Hex } from "./crypto.server";
import type { Database } from "./db.server";
import {
  createUserSession,
  destroyUserSession,
  endAllSessions,
  getCurrentSession,
  getUser,
  otherSessionsDelete,
  pruneExpiredSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE_NAME,
  SESSION_IDLE_MS,
  TOUCH_INTERVAL_MS,
} from "./session.server";

let db: Database;
freshDbEachTest((fresh) => (db = fresh));

const DAY = 24 * 60 * 60 * 1000;

const login = (userId: number, url?: string) => loginCookie(db, userId, url);
const sessionFor = (cookie: string | null, url?: string) => readSession(db, cookie, url);
test("the session lasts at most 30 days, or 7 days without a request", () => {
  expect(SESSION_ABSOLUTE_MS).toBe(30 * DAY);
  expect(SESSION_IDLE_MS).toBe(7 * DAY);
  expect(SESSION_COOKIE_NAME).toBe("__session");
});

describe("createUserSession", () => {
  test("sets a signed, HttpOnly, SameSite=Lax __session cookie for 30 days (not Secure on localhost)", async () => {
    const user = await insertUser(db);
    const { context } = createLoadContext(db);
    const setCookie = await createUserSession(new Request("http://localhost/login"), context, user.id);
    expect(setCookie).toMatch(/^__session=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  test("over HTTPS names it __Host-session: Secure, Path=/, no Domain (issue 15, finding 8)", async () => {
    const user = await insertUser(db);
    const { context } = createLoadContext(db);
    const setCookie = await createUserSession(new Request("https://warm-intros.example.com/login"), context, user.id);
    expect(setCookie).toMatch(/^__Host-session=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  test("keeps what the owner needs to recognise it: an opaque public id, the device, the address and country (decision 107)", async () => {
    const user = await insertUser(db);
    const { context } = createLoadContext(db);
    const request = new Request("http://localhost/login", {
      headers: {
        "User-Agent":
          "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "CF-Connecting-IP": "203.0.113.7",
      },
    });
    Object.defineProperty(request, "cf", { value: { country: "SG" } });
    await createUserSession(request, context, user.id);
    await createUserSession(new Request("http://localhost/login"), context, user.id);
    const rows = await db.select().from(sessions).orderBy(sessions.createdAt);
    expect(rows.map(({ device, ipAddress, country }) => ({ device, ipAddress, country }))).toEqual([
      { device: "Chrome on macOS", ipAddress: "203.0.113.7", country: "SG" },
      { device: "Unknown device", ipAddress: null, country: null },
    ]);
    for (const row of rows) {
      expect(row.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(row.publicId).not.toBe(row.id);
    }
    expect(rows[0]!.publicId).not.toBe(rows[1]!.publicId);
  });

  test("stores only the SHA-256 of the random token, with idle and absolute expiry", async () => {
    const user = await insertUser(db);
    const before = Date.now();
    const cookie = await login(user.id);
    const token = await createCookie(SESSION_COOKIE_NAME, { secrets: [TEST_SESSION_SECRET] }).parse(cookie);
    expect(typeof token).toBe("string");
    expect(token.length).toBeGreaterThanOrEqual(43);

    const rows = await db.select().from(sessions);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.id).toBe(await sha256Hex(token));
    expect(row!.id).not.toContain(token);
    expect(row!.userId).toBe(user.id);
    expect(row!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row!.expiresAt.getTime() - row!.lastSeenAt.getTime()).toBe(SESSION_ABSOLUTE_MS);
  });

  test("every login gets a new session id", async () => {
    const user = await insertUser(db);
    const a = await login(user.id);
    const b = await login(user.id);
    expect(a).not.toBe(b);
    expect(await db.select().from(sessions)).toHaveLength(2);
  });

  test("refuses to run with a short SESSION_SECRET", async () => {
    const user = await insertUser(db);
    const { context } = createLoadContext(db, { SESSION_SECRET: "too-short" });
    await expect(createUserSession(new Request("http://localhost/"), context, user.id)).rejects.toThrow(
      "Invalid environment: SESSION_SECRET must be at least 32 characters",
    );
  });
});

describe("getCurrentSession", () => {
  test("reads back the user of the cookie, without the password hash", async () => {
    const user = await insertUser(db, { username: "kim", name: "Kim Lee" });
    const cookie = await login(user.id);
    const session = await sessionFor(cookie);
    expect(session).not.toBeNull();
    expect(session!.user).toMatchObject({ id: user.id, username: "kim", name: "Kim Lee", isAdmin: false });
    expect(session!.user).not.toHaveProperty("passwordHash");
    const [row] = await db.select().from(sessions);
    expect(session!.sessionId).toBe(row!.id);
  });

  test("is read once per request and shared through the memo", async () => {
    const user = await insertUser(db);
    const cookie = await login(user.id);
    const { context } = await requestContext(db, requestWith(cookie));
    const first = getCurrentSession(context);
    expect(getCurrentSession(context)).toBe(first);
    await expect(getUser(context)).resolves.toMatchObject({ id: user.id });
  });

  test("no cookie, or only other cookies, means no session", async () => {
    expect(await sessionFor(null)).toBeNull();
    expect(await sessionFor("theme=dark; sidebar_state=true")).toBeNull();
  });

  test("a tampered cookie yields null", async () => {
    const user = await insertUser(db);
    const cookie = await login(user.id);
    const value = cookie.slice(`${SESSION_COOKIE_NAME}=`.length);
    // Change one character of the signed value (keeping it a valid cookie character).
    const tampered = `${value.slice(0, 5)}${value[5] === "A" ? "B" : "A"}${value.slice(6)}`;
    expect(tampered).not.toBe(value);
    expect(await sessionFor(`${SESSION_COOKIE_NAME}=${tampered}`)).toBeNull();
    // The genuine cookie still works.
    expect(await sessionFor(cookie)).not.toBeNull();
  });

  test("a cookie whose signature is not even base64 yields null rather than an error", async () => {
    const user = await insertUser(db);
    const cookie = await login(user.id);
    const signed = decodeURIComponent(cookie.slice(`${SESSION_COOKIE_NAME}=`.length));
    const payload = signed.slice(0, signed.lastIndexOf("."));
    for (const signature of ["!!not-base64!!", "", "%%%"]) {
      const mangled = `${SESSION_COOKIE_NAME}=${encodeURIComponent(`${payload}.${signature}`)}`;
      expect(await sessionFor(mangled)).toBeNull();
    }
    expect(await sessionFor(`${SESSION_COOKIE_NAME}=${encodeURIComponent("no-dot-at-all")}`)).toBeNull();
  });

  test("a cookie signed with another secret, or an unsigned token, yields null", async () => {
    const user = await insertUser(db);
    const cookie = await login(user.id);
    const token = await createCookie(SESSION_COOKIE_NAME, { secrets: [TEST_SESSION_SECRET] }).parse(cookie);
    const forged = await createCookie(SESSION_COOKIE_NAME, { secrets: ["another-secret-another-secret-0123456789"] }).serialize(
      token,
    );
    expect(await sessionFor(cookiePair(forged))).toBeNull();
    const unsigned = await createCookie(SESSION_COOKIE_NAME).serialize(token);
    expect(await sessionFor(cookiePair(unsigned))).toBeNull();
  });

  test("a validly signed token with no session row yields null", async () => {
    const forged = await createCookie(SESSION_COOKIE_NAME, { secrets: [TEST_SESSION_SECRET] }).serialize("x".repeat(43));
    expect(await sessionFor(cookiePair(forged))).toBeNull();
  });

  test("a session past its absolute expiry yields null", async () => {
    const user = await insertUser(db);
    const cookie = await login(user.id);
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() });
    expect(await sessionFor(cookie)).toBeNull();
  });

  test("a session idle for more than 7 days yields null and its row is deleted", async () => {
    const user = await insertUser(db);
    const cookie = await login(user.id);
    await db.update(sessions).set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) });
    expect(await sessionFor(cookie)).toBeNull();
    expect(await db.select().from(sessions)).toEqual([]);
  });

  test("a session idle for 6 days still works and its last-seen time moves to now", async () => {
    const user = await insertUser(db);
    const cookie = await login(user.id);
    await db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 6 * DAY) });
    const before = Date.now();
    expect(await sessionFor(cookie)).not.toBeNull();
    const [row] = await db.select().from(sessions);
    expect(row!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  test("a session used within the last 5 minutes is not written to on read (decision 107)", async () => {
    expect(TOUCH_INTERVAL_MS).toBe(5 * 60 * 1000);
    const user = await insertUser(db);
    const cookie = await login(user.id);
    const seen = new Date(Date.now() - 4 * 60 * 1000);
    await db.update(sessions).set({ lastSeenAt: seen });
    const { context, background } = await requestContext(db, requestWith(cookie));
    expect(await getCurrentSession(context)).not.toBeNull();
    expect(background).toHaveLength(0);
    const [row] = await db.select().from(sessions);
    expect(row!.lastSeenAt.getTime()).toBe(seen.getTime());
  });

  test("a suspended user has no session, and the row is deleted", async () => {
    const user = await insertUser(db);
    const cookie = await login(user.id);
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect(await sessionFor(cookie)).toBeNull();
    expect(await db.select().from(sessions)).toEqual([]);
  });
});

describe("destroyUserSession", () => {
  test("deletes the row so the same cookie no longer works, and clears the cookie", async () => {
    const user = await insertUser(db);
    const cookie = await login(user.id);
    const other = await login(user.id);
    const { context } = await requestContext(db, requestWith(cookie));
    const setCookie = await destroyUserSession(requestWith(cookie), context);
    expect(setCookie).toMatch(/^__session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    expect(await sessionFor(cookie)).toBeNull();
    // Only this session ends; the user's other device stays logged in.
    expect(await sessionFor(other)).not.toBeNull();
    expect(await db.select().from(sessions)).toHaveLength(1);
  });

  test("without a session it only clears the cookie", async () => {
    const { context } = createLoadContext(db);
    await expect(destroyUserSession(requestWith(null), context)).resolves.toMatch(/^__session=; Max-Age=0;/);
  });
});

describe("bulk session endings", () => {
  test("otherSessionsDelete keeps one session; endAllSessions ends all of one user", async () => {
    const user = await insertUser(db);
    const other = await insertUser(db);
    const keep = (await sessionFor(await login(user.id)))!.sessionId;
    await login(user.id);
    const othersCookie = await login(other.id);

    await otherSessionsDelete(db, user.id, keep);
    expect((await db.select().from(sessions).where(eq(sessions.userId, user.id))).map((s) => s.id)).toEqual([keep]);

    await endAllSessions(db, user.id);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await sessionFor(othersCookie)).not.toBeNull();
  });

  test("pruneExpiredSessions deletes only expired rows", async () => {
    const user = await insertUser(db);
    const live = await login(user.id);
    await login(user.id);
    const liveId = (await sessionFor(live))!.sessionId;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + DAY) })
      .where(eq(sessions.id, liveId));
    await pruneExpiredSessions(db);
    expect((await db.select().from(sessions)).map((s) => s.id)).toEqual([liveId]);
  });
});
