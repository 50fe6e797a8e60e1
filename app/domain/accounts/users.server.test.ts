import { describe, expect, test, vi } from "vitest";
import { activityLogs, authTokens, connectors, mailOutbox, users } from "../../../db/schema";
import {
  countRows,
  freshDbEachTest,
  insertUser,
  TEST_PASSWORD_PEPPER,
  testRequester,
  withRaceBeforeBatch,
} from "../../../tests/unit-helpers/db";
import { appError } from "../../../tests/unit-helpers/errors";
import { ALICE as alice } from "../../../tests/unit-helpers/fixtures";
import type { Database } from "../../utils/db.server";
import { verifyPassword } from "../../utils/password.server";
import {
  authenticate,
  changePassword,
  changeUsername,
  findUserById,
  SIGNUPS_PER_CLIENT,
  signup,
  toPublicUser,
  USERNAME_TAKEN,
  updateProfile,
} from "./users.server";

let db: Database;
freshDbEachTest((fresh) => (db = fresh), { quiet: ["warn", "info"] });

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
