import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, test, vi } from "vitest";
import { recoveryCodes as recoveryCodeRows, type User, users, userTwoFactor } from "../../../db/schema";
import {
  freshDbEachTest,
  insertUser,
  TEST_PASSWORD_PEPPER,
  TEST_SESSION_SECRET,
  testRequester,
} from "../../../tests/unit-helpers/db";
import { appError } from "../../../tests/unit-helpers/errors";
import type { Database } from "../../utils/db.server";
import {
  ADMIN_MUST_KEEP,
  CHALLENGE_EXPIRED,
  completeLoginChallenge,
  confirmTwoFactorSetup,
  createLoginChallenge,
  disableTwoFactor,
  INVALID_CODE,
  INVALID_RECOVERY_CODE,
  regenerateRecoveryCodes,
  SESSION_ONLY,
  startTwoFactorSetup,
} from "./two-factor.server";

const env = {
  SESSION_SECRET: TEST_SESSION_SECRET,
  PASSWORD_PEPPER: TEST_PASSWORD_PEPPER,
  ENVIRONMENT: "development",
} as unknown as CloudflareEnv;
const production = { ...env, ENVIRONMENT: undefined } as unknown as CloudflareEnv;

let db: Database;
freshDbEachTest((fresh) => (db = fresh), { quiet: ["warn", "info"] });

const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
const actorOf = ({ passwordHash: _omit, ...user }: User) => user;
/** A session whose password was entered just now (factor changes need one from the last 10 minutes). */
const justEntered = () => ({ sessionId: "current-session", passwordVerifiedAt: new Date() });

async function enrolledUser(overrides: Parameters<typeof insertUser>[1] = {}) {
  const user = await insertUser(db, overrides);
  const { secret } = await startTwoFactorSetup(db, env, actorOf(user), justEntered());
  const { recoveryCodes } = await confirmTwoFactorSetup(db, env, actorOf(user), codeFor(secret, -1), justEntered());
  return { user, secret, recoveryCodes };
}

describe("two-factor setup", () => {
  test("confirming needs the right code; it stores a sealed secret and ten hashed recovery codes", async () => {
    const user = await insertUser(db);
    const { secret, otpauthUri } = await startTwoFactorSetup(db, env, actorOf(user), justEntered());
    expect(otpauthUri).toContain(`secret=${secret}`);
    const wrong = await appError(confirmTwoFactorSetup(db, env, actorOf(user), codeFor(secret, 5), justEntered()));
    expect(wrong).toMatchObject({ status: 400, message: INVALID_CODE, errors: { code: [INVALID_CODE] } });
    const { recoveryCodes } = await confirmTwoFactorSetup(db, env, actorOf(user), codeFor(secret), justEntered());
    expect(recoveryCodes).toHaveLength(10);
    const row = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id)).get();
    expect(row?.sealedSecret).not.toContain(secret);
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    const codes = await db.select().from(recoveryCodeRows).where(eq(recoveryCodeRows.userId, user.id));
    expect(codes).toHaveLength(10);
    expect(codes.map((c) => c.codeHash)).not.toContain(recoveryCodes[0]);
    const saved = await db.select().from(users).where(eq(users.id, user.id)).get();
    expect(saved?.twoFactorEnabledAt).toBeInstanceOf(Date);
  });

  test("an API key cannot manage two-factor", async () => {
    const user = await insertUser(db);
    const viaKey = { ...actorOf(user), apiKey: { id: 1, businessId: null, scopes: [] } };
    expect(await appError(startTwoFactorSetup(db, env, viaKey, justEntered()))).toMatchObject({
      status: 403,
      message: SESSION_ONLY,
    });
  });

  test("a secret sealed under another SESSION_SECRET does not open", async () => {
    const user = await insertUser(db);
    const { secret } = await startTwoFactorSetup(db, env, actorOf(user), justEntered());
    const other = { ...env, SESSION_SECRET: "another-secret-0123456789abcdef-xyz" } as unknown as CloudflareEnv;
    await expect(confirmTwoFactorSetup(db, other, actorOf(user), codeFor(secret), justEntered())).rejects.toThrow(
      /cannot be opened/,
    );
  });
});

describe("login challenge", () => {
  test("a code works once: the same code on a new challenge is refused", async () => {
    const { user, secret } = await enrolledUser();
    const code = codeFor(secret);
    const first = await createLoginChallenge(db, user);
    expect((await completeLoginChallenge(db, env, { challenge: first.challenge, code }, testRequester())).id).toBe(user.id);
    const second = await createLoginChallenge(db, user);
    expect(await appError(completeLoginChallenge(db, env, { challenge: second.challenge, code }, testRequester()))).toMatchObject(
      {
        status: 401,
        errors: { code: [INVALID_CODE] },
      },
    );
  });

  test("a recovery code works once, in any case and with or without its dash", async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const code = recoveryCodes[3] ?? "";
    const first = await createLoginChallenge(db, user);
    await completeLoginChallenge(
      db,
      env,
      { challenge: first.challenge, recoveryCode: code.replace("-", "").toUpperCase() },
      testRequester(),
    );
    const second = await createLoginChallenge(db, user);
    expect(
      await appError(completeLoginChallenge(db, env, { challenge: second.challenge, recoveryCode: code }, testRequester())),
    ).toMatchObject({
      status: 401,
      errors: { recoveryCode: [INVALID_RECOVERY_CODE] },
    });
  });

  test("a lapsed challenge is refused", async () => {
    const { user, secret } = await enrolledUser();
    const { challenge } = await createLoginChallenge(db, user);
    vi.useFakeTimers({ now: Date.now() + 5 * 60 * 1000 + 1, toFake: ["Date"] });
    try {
      expect(
        await appError(completeLoginChallenge(db, env, { challenge, code: codeFor(secret) }, testRequester())),
      ).toMatchObject({
        status: 401,
        message: CHALLENGE_EXPIRED,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("turning off and new recovery codes", () => {
  test("new recovery codes replace the old ones", async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    const fresh = await regenerateRecoveryCodes(db, env, actorOf(user), codeFor(secret), justEntered());
    expect(fresh.recoveryCodes).not.toEqual(recoveryCodes);
    const { challenge } = await createLoginChallenge(db, user);
    expect(
      (await appError(completeLoginChallenge(db, env, { challenge, recoveryCode: recoveryCodes[0] ?? "" }, testRequester())))
        .status,
    ).toBe(401);
  });

  test("a platform admin outside development cannot turn it off; elsewhere it takes the password and a code", async () => {
    const admin = await enrolledUser({ isAdmin: true });
    expect(
      await appError(
        disableTwoFactor(
          db,
          production,
          actorOf(admin.user),
          {
            currentPassword: "Kettle-Harbor-29",
            code: admin.recoveryCodes[0] ?? "",
          },
          testRequester(),
          justEntered(),
        ),
      ),
    ).toMatchObject({ status: 403, message: ADMIN_MUST_KEEP });
    const person = await enrolledUser();
    expect(
      await appError(
        disableTwoFactor(
          db,
          env,
          actorOf(person.user),
          { currentPassword: "wrong-pass", code: person.recoveryCodes[0] ?? "" },
          testRequester(),
          justEntered(),
        ),
      ),
    ).toMatchObject({ status: 400, errors: { currentPassword: ["Current password is incorrect"] } });
    await disableTwoFactor(
      db,
      env,
      actorOf(person.user),
      { currentPassword: "Kettle-Harbor-29", code: person.recoveryCodes[0] ?? "" },
      testRequester(),
      justEntered(),
    );
    expect(await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, person.user.id)).get()).toBeUndefined();
  });
});
