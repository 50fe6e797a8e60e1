import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { activityLogs, authTokens, connectors, mailOutbox, rateLimits, sessions, users } from "../../../db/schema";
import {
  countRows,
  createLoadContext,
  createTestDb,
  insertUser,
  requestContext,
  TEST_PASSWORD_PEPPER,
  type TestDb,
  testRequester,
  withRaceBeforeBatch,
} from "../../../tests/unit-helpers/db";
import { appError } from "../../../tests/unit-helpers/errors";
import type { Database } from "../../utils/db.server";
import { verifyPassword } from "../../utils/password.server";
import { createUserSession, getCurrentSession } from "../../utils/session.server";
import type { SignupInput } from "../../validation/auth";
import {
  authenticate,
  changePassword,
  changeUsername,
  findUserById,
  INVALID_CREDENTIALS,
  LOGIN_LOCKOUT,
  SIGNUPS_PER_CLIENT,
  signup,
  toPublicUser,
  USERNAME_TAKEN,
  updatePhoto,
  updateProfile,
} from "./users.server";

let t: TestDb;
let db: Database;

beforeEach(async () => {
  t = await createTestDb();
  db = t.db;
  // The models log security events; keep the test output readable.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  t.dispose();
});

const alice: SignupInput = {
  username: "Alice",
  password: "warm-secret-1",
  name: "Alice Tan",
  email: "alice@example.com",
  phone: "+65 9123 4567",
  accountType: "individual",
};

describe("signup", () => {
  test("an individual gets a user, a connector profile and a user_signup activity", async () => {
    const user = await signup(db, alice, testRequester());

    expect(user).toMatchObject({
      username: "Alice",
      name: "Alice Tan",
      email: "alice@example.com",
      phone: "+65 9123 4567",
      accountType: "individual",
      isAdmin: false,
      profilePhoto: null,
      suspendedAt: null,
    });
    expect(user.passwordHash).toMatch(/^pbkdf2-sha256-peppered\$[0-9a-f]{8}\$100000\$/);
    expect(user.passwordHash).not.toContain("warm-secret-1");
    await expect(verifyPassword("warm-secret-1", user.passwordHash, TEST_PASSWORD_PEPPER)).resolves.toBe(true);

    const connectorRows = await db.select().from(connectors);
    expect(connectorRows).toHaveLength(1);
    expect(connectorRows[0]).toMatchObject({
      userId: user.id,
      name: "Alice Tan",
      email: "alice@example.com",
      phone: "+65 9123 4567",
    });

    const activity = await db.select().from(activityLogs);
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      action: "New user signed up",
      details: "Alice Tan joined as an individual",
      activityType: "user_signup",
      userId: user.id,
      businessId: null,
    });
  });

  test("writes the user, connector, activity and the verification link in one batch", async () => {
    const batch = vi.spyOn(db, "batch");
    const user = await signup(db, alice, testRequester());
    expect(batch).toHaveBeenCalledTimes(1);
    // user, connector, activity, the verification token and its mail
    expect(batch.mock.calls[0]?.[0]).toHaveLength(5);
    expect(user.emailVerifiedAt).toBeNull();
    const [token] = await db.select().from(authTokens);
    expect(token).toMatchObject({ purpose: "verify_email", userId: user.id, email: "alice@example.com", tokenHash: null });
    const [mail] = await db.select().from(mailOutbox);
    expect(mail).toMatchObject({ kind: "verify_email", userId: user.id, toAddress: "alice@example.com", status: "pending" });
    expect(mail?.payload).toEqual({ tokenId: token?.id });
  });

  test("a business account gets no connector profile", async () => {
    const user = await signup(db, { ...alice, username: "acme", name: "Acme Pte Ltd", accountType: "business" }, testRequester());
    expect(user.accountType).toBe("business");
    expect(await countRows(db, "connectors")).toBe(0);
    const activity = await db.select().from(activityLogs);
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      details: "Acme Pte Ltd joined as a business",
      activityType: "user_signup",
      userId: user.id,
    });
  });

  test("a username taken in any case is refused with 409 and nothing new is written", async () => {
    await signup(db, alice, testRequester());
    const error = await appError(signup(db, { ...alice, username: "aLiCe", name: "Other Person" }, testRequester()));
    expect(error.status).toBe(409);
    expect(error.message).toBe("Username is already taken");
    expect(error.errors).toEqual({ username: ["Username is already taken"] });
    expect(USERNAME_TAKEN).toBe("Username is already taken");
    expect(await countRows(db, "users")).toBe(1);
    expect(await countRows(db, "connectors")).toBe(1);
    expect(await countRows(db, "activity_logs")).toBe(1);
  });

  test("when a concurrent signup takes the name first, the whole batch rolls back with the same 409", async () => {
    const racing = withRaceBeforeBatch(db, () => insertUser(db, { username: "ALICE" }));
    const error = await appError(signup(racing, alice, testRequester()));
    expect(error.status).toBe(409);
    expect(error.errors).toEqual({ username: ["Username is already taken"] });
    const rows = await db.select().from(users);
    expect(rows.map((u) => u.username)).toEqual(["ALICE"]);
    expect(await countRows(db, "connectors")).toBe(0);
    expect(await countRows(db, "activity_logs")).toBe(0);
  });
});

describe("toPublicUser", () => {
  test("never exposes the password hash", async () => {
    const user = await insertUser(db, { username: "bob", name: "Bob" });
    const publicUser = toPublicUser(user);
    expect(publicUser).toEqual({
      id: user.id,
      username: "bob",
      name: "Bob",
      email: user.email,
      phone: user.phone,
      accountType: "individual",
      isAdmin: false,
      profilePhoto: null,
      emailVerified: false,
      twoFactorEnabled: false,
      createdAt: user.createdAt.toISOString(),
    });
    expect(JSON.stringify(publicUser)).not.toContain("pbkdf2");
  });
});

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
    for (let i = 0; i < 10; i++) {
      // The count is per username regardless of case.
      const error = await appError(authenticate(db, { username: i % 2 ? "DAVE" : "dave", password: `wrong${i}` }, attacker));
      expect(error.status).toBe(401);
    }

    const locked = await appError(authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, attacker));
    expect(locked.status).toBe(429);
    expect(locked.message).toBe("Too many failed login attempts. Please try again later.");
    const retryAfter = Number(new Headers(locked.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);

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
    for (let i = 0; i < 30; i++) {
      expect((await appError(authenticate(db, { username: `victim${i}`, password: "Password1" }, sprayer))).status).toBe(401);
    }
    const deriveBits = vi.spyOn(crypto.subtle, "deriveBits");
    const locked = await appError(authenticate(db, { username: "dave", password: "Kettle-Harbor-29" }, sprayer));
    expect(locked.status).toBe(429);
    expect(locked.message).toBe("Too many failed login attempts. Please try again later.");
    expect(Number(new Headers(locked.headers).get("Retry-After"))).toBeGreaterThan(890);
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

describe("updateProfile", () => {
  test("updates the user and syncs the connector's name, email and phone", async () => {
    const user = await signup(db, alice, testRequester());
    const updated = await updateProfile(
      db,
      user,
      user.id,
      {
        name: "Alice Lim",
        email: "lim@example.com",
        phone: "+65 8000 0000",
        currentPassword: "warm-secret-1",
      },
      testRequester(),
    );
    expect(updated).toMatchObject({ name: "Alice Lim", email: "lim@example.com", phone: "+65 8000 0000" });
    const [connector] = await db.select().from(connectors).where(eq(connectors.userId, user.id));
    expect(connector).toMatchObject({ name: "Alice Lim", email: "lim@example.com", phone: "+65 8000 0000" });
  });

  test("clearing email and phone clears them on the connector too", async () => {
    const user = await signup(db, alice, testRequester());
    await updateProfile(
      db,
      user,
      user.id,
      { name: "Alice Tan", email: null, phone: null, currentPassword: "warm-secret-1" },
      testRequester(),
    );
    const [connector] = await db.select().from(connectors).where(eq(connectors.userId, user.id));
    expect(connector).toMatchObject({ name: "Alice Tan", email: null, phone: null });
  });

  test("a new email needs the current password, unverifies the account, and mails both addresses in the batch", async () => {
    const user = await signup(db, alice, testRequester());
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const fields = { name: "Alice Tan", email: "new@example.com", phone: null };
    const missing = await appError(updateProfile(db, user, user.id, fields, testRequester()));
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ currentPassword: ["Enter your current password to change your email"] });
    const wrong = await appError(updateProfile(db, user, user.id, { ...fields, currentPassword: "wrong-one" }, testRequester()));
    expect(wrong.errors).toEqual({ currentPassword: ["Current password is incorrect"] });
    expect((await findUserById(db, user.id))?.email).toBe("alice@example.com");

    const batch = vi.spyOn(db, "batch");
    const updated = await updateProfile(db, user, user.id, { ...fields, currentPassword: "warm-secret-1" }, testRequester());
    // The password check's count, its lease with the username's count (decision 111) and its taking
    // back (decision 047), then the change in one batch: the user, the connector, the verification
    // token and its mail, the old address's notice, the end of the other sessions and the password
    // recorded as entered (decision 108).
    expect(batch).toHaveBeenCalledTimes(4);
    expect(batch.mock.calls[3]?.[0]).toHaveLength(7);
    expect(updated).toMatchObject({ email: "new@example.com", emailVerifiedAt: null });
    const mail = await db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mail.map((m) => [m.kind, m.toAddress])).toEqual([
      ["verify_email", "alice@example.com"],
      ["verify_email", "new@example.com"],
      ["email_changed", "alice@example.com"],
    ]);
    expect(mail[2]?.payload).toEqual({ newEmail: "new@example.com" });
  });

  test("the same email in other letter case needs no password and keeps the verification", async () => {
    const user = await signup(db, alice, testRequester());
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const updated = await updateProfile(
      db,
      user,
      user.id,
      { name: "Alice Tan", email: "ALICE@example.com", phone: null },
      testRequester(),
    );
    expect(updated.emailVerifiedAt).not.toBeNull();
    expect(await db.select().from(mailOutbox)).toHaveLength(1);
  });

  test("works for an account without a connector profile", async () => {
    const user = await insertUser(db, { accountType: "business" });
    await expect(
      updateProfile(
        db,
        user,
        user.id,
        { name: "Acme", email: null, phone: null, currentPassword: "Kettle-Harbor-29" },
        testRequester(),
      ),
    ).resolves.toMatchObject({
      name: "Acme",
    });
    expect(await countRows(db, "connectors")).toBe(0);
  });

  test("another user's profile looks like it does not exist, and stays unchanged", async () => {
    const owner = await insertUser(db, { name: "Owner" });
    const intruder = await insertUser(db);
    const error = await appError(
      updateProfile(db, intruder, owner.id, { name: "Hacked", email: null, phone: null }, testRequester()),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe("User not found");
    const [row] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.name).toBe("Owner");
  });
});

describe("updatePhoto", () => {
  test("sets and removes the photo of the acting user only", async () => {
    const user = await insertUser(db);
    const other = await insertUser(db);
    const photo = "data:image/png;base64,AAAA";
    expect((await updatePhoto(db, user, user.id, photo)).profilePhoto).toBe(photo);
    expect((await updatePhoto(db, user, user.id, null)).profilePhoto).toBeNull();
    expect((await appError(updatePhoto(db, other, user.id, photo))).status).toBe(404);
  });
});

describe("changeUsername", () => {
  test("needs the correct current password", async () => {
    const user = await insertUser(db, { username: "henry", password: "Kettle-Harbor-29" });
    const error = await appError(
      changeUsername(db, user, user.id, { username: "henry2", currentPassword: "Wrong123" }, testRequester()),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe("Current password is incorrect");
    expect(error.errors).toEqual({ currentPassword: ["Current password is incorrect"] });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.username).toBe("henry");
  });

  test("refuses a name another user has, in any case", async () => {
    await insertUser(db, { username: "ivy" });
    const user = await insertUser(db, { username: "henry", password: "Kettle-Harbor-29" });
    const error = await appError(
      changeUsername(db, user, user.id, { username: "IVY", currentPassword: "Kettle-Harbor-29" }, testRequester()),
    );
    expect(error.status).toBe(409);
    expect(error.errors).toEqual({ username: ["Username is already taken"] });
  });

  test("changes the name, after which only the new name logs in", async () => {
    const user = await insertUser(db, { username: "henry", password: "Kettle-Harbor-29" });
    const updated = await changeUsername(
      db,
      user,
      user.id,
      { username: "hank", currentPassword: "Kettle-Harbor-29" },
      testRequester(),
    );
    expect(updated.username).toBe("hank");
    await expect(authenticate(db, { username: "hank", password: "Kettle-Harbor-29" }, testRequester())).resolves.toMatchObject({
      id: user.id,
    });
    expect((await appError(authenticate(db, { username: "henry", password: "Kettle-Harbor-29" }, testRequester()))).status).toBe(
      401,
    );
  });

  test("a user may change only the case of their own name", async () => {
    const user = await insertUser(db, { username: "henry", password: "Kettle-Harbor-29" });
    await expect(
      changeUsername(db, user, user.id, { username: "Henry", currentPassword: "Kettle-Harbor-29" }, testRequester()),
    ).resolves.toMatchObject({
      username: "Henry",
    });
  });

  test("another user's name cannot be changed", async () => {
    const owner = await insertUser(db, { username: "owner", password: "Kettle-Harbor-29" });
    const intruder = await insertUser(db, { password: "Kettle-Harbor-29" });
    const error = await appError(
      changeUsername(db, intruder, owner.id, { username: "pwned", currentPassword: "Kettle-Harbor-29" }, testRequester()),
    );
    expect(error.status).toBe(404);
  });
});

describe("changePassword", () => {
  async function sessionIdsOf(userId: number) {
    const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    return rows.map((r) => r.id).sort();
  }

  async function login(userId: number) {
    const { context } = createLoadContext(db);
    const cookie = await createUserSession(new Request("http://localhost/login"), context, userId);
    const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
    const session = await getCurrentSession((await requestContext(db, request)).context);
    return session!.sessionId;
  }
  /** The session a change is made in, its password entered just now. */
  const proofOf = (sessionId: string) => ({ sessionId, passwordVerifiedAt: new Date() });

  test("ends the user's other sessions but keeps the current one and other users' sessions", async () => {
    const user = await insertUser(db, { password: "Kettle-Harbor-29" });
    const other = await insertUser(db);
    const current = await login(user.id);
    await login(user.id);
    await login(user.id);
    const otherUsers = await login(other.id);
    expect(await sessionIdsOf(user.id)).toHaveLength(3);

    await changePassword(
      db,
      user,
      user.id,
      { password: "NewSecret456", currentPassword: "Kettle-Harbor-29" },
      proofOf(current),
      testRequester(),
    );

    expect(await sessionIdsOf(user.id)).toEqual([current]);
    expect(await sessionIdsOf(other.id)).toEqual([otherUsers]);
  });

  test("the new password works and the old one no longer does; the new hash uses the full iteration count", async () => {
    const user = await insertUser(db, { username: "judy", password: "Kettle-Harbor-29" });
    const updated = await changePassword(
      db,
      user,
      user.id,
      { password: "NewSecret456", currentPassword: "Kettle-Harbor-29" },
      null,
      testRequester(),
    );
    expect(updated.passwordHash).toMatch(/^pbkdf2-sha256-peppered\$[0-9a-f]{8}\$100000\$/);
    await expect(authenticate(db, { username: "judy", password: "NewSecret456" }, testRequester())).resolves.toMatchObject({
      id: user.id,
    });
    expect((await appError(authenticate(db, { username: "judy", password: "Kettle-Harbor-29" }, testRequester()))).status).toBe(
      401,
    );
  });

  test("without a current session every session of the user ends", async () => {
    const user = await insertUser(db, { password: "Kettle-Harbor-29" });
    await login(user.id);
    await login(user.id);
    await changePassword(
      db,
      user,
      user.id,
      { password: "NewSecret456", currentPassword: "Kettle-Harbor-29" },
      null,
      testRequester(),
    );
    expect(await sessionIdsOf(user.id)).toEqual([]);
  });

  test("a wrong current password changes nothing and ends no session", async () => {
    const user = await insertUser(db, { password: "Kettle-Harbor-29" });
    const current = await login(user.id);
    const otherSession = await login(user.id);
    const error = await appError(
      changePassword(
        db,
        user,
        user.id,
        { password: "NewSecret456", currentPassword: "Wrong123" },
        proofOf(current),
        testRequester(),
      ),
    );
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ currentPassword: ["Current password is incorrect"] });
    expect(await sessionIdsOf(user.id)).toEqual([current, otherSession].sort());
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash);
  });
});

describe("anti-automation (issue 15, finding 5)", () => {
  test("wrong current passwords count with the login failures of the username: the 11th check is a 429", async () => {
    const user = await insertUser(db, { username: "kate", password: "Kettle-Harbor-29" });
    const here = testRequester("203.0.113.9");
    for (let i = 0; i < 10; i++) {
      const wrong = await appError(
        changePassword(db, user, user.id, { password: "NewSecret456", currentPassword: `Wrong${i}` }, null, here),
      );
      expect(wrong.status).toBe(400);
    }
    const deriveBits = vi.spyOn(crypto.subtle, "deriveBits");
    for (const attempt of [
      changePassword(db, user, user.id, { password: "NewSecret456", currentPassword: "Kettle-Harbor-29" }, null, here),
      changeUsername(db, user, user.id, { username: "kate2", currentPassword: "Kettle-Harbor-29" }, here),
      updateProfile(
        db,
        user,
        user.id,
        { name: "Kate", email: "k@example.com", phone: null, currentPassword: "Kettle-Harbor-29" },
        here,
      ),
    ]) {
      const error = await appError(attempt);
      expect(error.status).toBe(429);
      expect(error.message).toBe("Too many failed password attempts. Please try again later.");
      expect(error.errors).toEqual({ currentPassword: ["Too many failed password attempts. Please try again later."] });
      expect(Number(new Headers(error.headers).get("Retry-After"))).toBeGreaterThan(890);
    }
    expect(deriveBits).not.toHaveBeenCalled();
    // The same count locks this username's login from this client, and only from it.
    expect((await appError(authenticate(db, { username: "kate", password: "Kettle-Harbor-29" }, here))).status).toBe(429);
    await expect(
      authenticate(db, { username: "kate", password: "Kettle-Harbor-29" }, testRequester("198.51.100.20")),
    ).resolves.toMatchObject({
      id: user.id,
    });
    expect((await findUserById(db, user.id))?.username).toBe("kate");
  });

  test("login failures count against the current-password checks of the same username", async () => {
    const user = await insertUser(db, { username: "liam", password: "Kettle-Harbor-29" });
    const here = testRequester("203.0.113.9");
    for (let i = 0; i < 10; i++) await appError(authenticate(db, { username: "liam", password: "wrong" }, here));
    const error = await appError(
      changeUsername(db, user, user.id, { username: "liam2", currentPassword: "Kettle-Harbor-29" }, here),
    );
    expect(error.status).toBe(429);
  });

  test("more than 10 signups from one client in an hour get a 429 with Retry-After; other clients are not affected", async () => {
    expect(SIGNUPS_PER_CLIENT).toEqual({ limit: 10, windowMs: 60 * 60 * 1000 });
    const script = testRequester("203.0.113.9");
    for (let i = 0; i < 10; i++) await signup(db, { ...alice, username: `bot${i}` }, script);
    const before = await countRows(db, "users");
    const refused = await appError(signup(db, { ...alice, username: "bot10" }, script));
    expect(refused.status).toBe(429);
    expect(refused.message).toBe("Too many accounts were created from your network. Please try again later.");
    const retryAfter = Number(new Headers(refused.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3590);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await countRows(db, "users")).toBe(before);
    await expect(signup(db, { ...alice, username: "human" }, testRequester("198.51.100.20"))).resolves.toMatchObject({
      username: "human",
    });
  });
});
