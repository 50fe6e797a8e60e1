import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { connectors, mailOutbox, sessions, type User, users } from "../../../db/schema";
import { countRows, freshDbEachTest, insertUser, testRequester } from "../../../tests/unit-helpers/db";
import { appError } from "../../../tests/unit-helpers/errors";
import { ALICE as alice } from "../../../tests/unit-helpers/fixtures";
import { loginCookie, sessionFor } from "../../../tests/unit-helpers/sessions";
import type { Database } from "../../utils/db.server";
import { authenticate, changePassword, changeUsername, findUserById, signup, updatePhoto, updateProfile } from "./users.server";

let db: Database;
freshDbEachTest((fresh) => (db = fresh), { quiet: ["warn", "info"] });

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
    const session = await sessionFor(db, await loginCookie(db, userId));
    return session!.sessionId;
  }
  /** The session a change is made in, its password entered just now. */
  const proofOf = (sessionId: string) => ({ sessionId, passwordVerifiedAt: new Date() });
  /** The user changes their own password to NewSecret456, in `proof`'s session (null: in none). */
  const changeOwnPassword = (user: User, proof: ReturnType<typeof proofOf> | null, currentPassword = "Kettle-Harbor-29") =>
    changePassword(db, user, user.id, { password: "NewSecret456", currentPassword }, proof, testRequester());

  test("ends the user's other sessions but keeps the current one and other users' sessions", async () => {
    const user = await insertUser(db, { password: "Kettle-Harbor-29" });
    const other = await insertUser(db);
    const current = await login(user.id);
    await login(user.id);
    await login(user.id);
    const otherUsers = await login(other.id);
    expect(await sessionIdsOf(user.id)).toHaveLength(3);

    await changeOwnPassword(user, proofOf(current));

    expect(await sessionIdsOf(user.id)).toEqual([current]);
    expect(await sessionIdsOf(other.id)).toEqual([otherUsers]);
  });

  test("the new password works and the old one no longer does; the new hash uses the full iteration count", async () => {
    const user = await insertUser(db, { username: "judy", password: "Kettle-Harbor-29" });
    const updated = await changeOwnPassword(user, null);
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
    await changeOwnPassword(user, null);
    expect(await sessionIdsOf(user.id)).toEqual([]);
  });

  test("a wrong current password changes nothing and ends no session", async () => {
    const user = await insertUser(db, { password: "Kettle-Harbor-29" });
    const current = await login(user.id);
    const otherSession = await login(user.id);
    const error = await appError(changeOwnPassword(user, proofOf(current), "Wrong123"));
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ currentPassword: ["Current password is incorrect"] });
    expect(await sessionIdsOf(user.id)).toEqual([current, otherSession].sort());
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash);
  });
});
