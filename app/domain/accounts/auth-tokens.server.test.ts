import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { authTokens, mailOutbox, sessions, users } from "../../../db/schema";
import { freshDbEachTest, insertUser, TEST_PASSWORD_PEPPER, withRaceBeforeBatch } from "../../../tests/unit-helpers/db";
import { appError } from "../../../tests/unit-helpers/errors";
import { sha256Hex } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { verifyPassword } from "../../utils/password.server";
import {
  INVALID_LINK,
  PASSWORD_RESET_TTL_MS,
  RESET_PER_ADDRESS,
  requestPasswordReset,
  resetPassword,
  verificationInserts,
  verifyEmail,
} from "./auth-tokens.server";

let db: Database;
freshDbEachTest((fresh) => (db = fresh), { quiet: ["warn", "info"] });

/** What the scheduled job does when it mails a link: a token whose hash the row keeps. */
async function issue(tokenId: number, token = `token-${tokenId}`) {
  await db
    .update(authTokens)
    .set({ tokenHash: await sha256Hex(token) })
    .where(eq(authTokens.id, tokenId));
  return token;
}

describe("verifyEmail", () => {
  test("verifies once, and only while the token's address is the user's email", async () => {
    const user = await insertUser(db, { email: "ann@example.com" });
    await db.batch([...verificationInserts(db, user.id, "ann@example.com")]);
    const [row] = await db.select().from(authTokens);
    const token = await issue(row!.id);
    const verified = await verifyEmail(db, token);
    expect(verified.emailVerifiedAt).not.toBeNull();
    const again = await appError(verifyEmail(db, token));
    expect(again.status).toBe(400);
    expect(again.errors).toEqual({ token: [INVALID_LINK] });
  });

  test("a link to an address the user has left proves nothing", async () => {
    const user = await insertUser(db, { email: "old@example.com" });
    await db.batch([...verificationInserts(db, user.id, "old@example.com")]);
    const [row] = await db.select().from(authTokens);
    const token = await issue(row!.id);
    await db.update(users).set({ email: "new@example.com" }).where(eq(users.id, user.id));
    expect((await appError(verifyEmail(db, token))).message).toBe(INVALID_LINK);
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]?.emailVerifiedAt).toBeNull();
  });
});

describe("requestPasswordReset", () => {
  test("writes a 1-hour token and a mail for each account of the address, and nothing for an unknown one", async () => {
    const a = await insertUser(db, { email: "shared@example.com" });
    const b = await insertUser(db, { email: "SHARED@example.com" });
    await requestPasswordReset(db, "nobody@example.com", "client-1");
    expect(await db.select().from(authTokens)).toHaveLength(0);
    await requestPasswordReset(db, "Shared@Example.com", "client-1");
    const tokens = await db.select().from(authTokens).orderBy(authTokens.userId);
    expect(tokens.map((r) => r.userId)).toEqual([a.id, b.id]);
    for (const r of tokens) expect(r.expiresAt.getTime() - r.createdAt.getTime()).toBe(PASSWORD_RESET_TTL_MS);
    const mail = await db.select().from(mailOutbox).orderBy(mailOutbox.userId);
    expect(mail.map((m) => [m.kind, m.userId, m.payload])).toEqual(
      tokens.map((r) => ["password_reset", r.userId, { tokenId: r.id }]),
    );
  });

  test("past the per-address limit it sends nothing more, silently", async () => {
    await insertUser(db, { email: "many@example.com" });
    for (let i = 0; i < RESET_PER_ADDRESS.limit + 2; i++) await requestPasswordReset(db, "many@example.com", `client-${i}`);
    expect(await db.select().from(authTokens)).toHaveLength(RESET_PER_ADDRESS.limit);
  });
});

describe("resetPassword", () => {
  test("sets the password, spends every reset token, ends every session", async () => {
    const user = await insertUser(db, { email: "bo@example.com" });
    await requestPasswordReset(db, "bo@example.com", "c");
    await requestPasswordReset(db, "bo@example.com", "c");
    const [first, second] = await db.select().from(authTokens).orderBy(authTokens.id);
    const token = await issue(first!.id);
    const other = await issue(second!.id);
    await db
      .insert(sessions)
      .values({ id: "s1", userId: user.id, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 60_000) });
    const updated = await resetPassword(db, token, "fresh-pass", TEST_PASSWORD_PEPPER);
    expect(await verifyPassword("fresh-pass", updated.passwordHash, TEST_PASSWORD_PEPPER)).toBe(true);
    expect(updated.emailVerifiedAt).not.toBeNull();
    expect(await db.select().from(sessions)).toHaveLength(0);
    expect((await appError(resetPassword(db, other, "another-pass", TEST_PASSWORD_PEPPER))).message).toBe(INVALID_LINK);
  });

  test("two requests racing with one token: only the first sets a password", async () => {
    const user = await insertUser(db, { email: "race@example.com" });
    await requestPasswordReset(db, "race@example.com", "c");
    const [row] = await db.select().from(authTokens);
    const token = await issue(row!.id);
    const raced = withRaceBeforeBatch(db, () => resetPassword(db, token, "winner-harbor-kettle-31", TEST_PASSWORD_PEPPER));
    expect((await appError(resetPassword(raced, token, "loser-harbor-kettle-47", TEST_PASSWORD_PEPPER))).message).toBe(
      INVALID_LINK,
    );
    const [stored] = await db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword("winner-harbor-kettle-31", stored!.passwordHash, TEST_PASSWORD_PEPPER)).toBe(true);
  });
});
