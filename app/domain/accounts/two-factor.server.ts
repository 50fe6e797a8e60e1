import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { recoveryCodes, twoFactorChallenges, type User, users, userTwoFactor } from "../../../db/schema";
import { randomToken, sha256Hex } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { isDevelopment, requireSecrets } from "../../utils/env.server";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../utils/errors.server";
import type { Requester } from "../../utils/requester.server";
import { open, seal } from "../../utils/secret-box.server";
import { securityEvent } from "../../utils/security-log.server";
import { otherSessionsDelete, type SessionUser } from "../../utils/session.server";
import { CODE_MESSAGE, CODE_OR_RECOVERY_MESSAGE } from "../../validation/two-factor";
import { throttledPasswordCheck } from "./login-throttle.server";
import { assertRecentPassword, passwordEnteredUpdate, type SessionProof } from "./reauthentication.server";
import { checkCurrentPassword, LOGIN_TOO_MANY } from "./users.server";

/**
 * Two-factor sign-in with TOTP (RFC 6238 through the otpauth library) and recovery codes
 * (decision 050). The secret is sealed at rest (secret-box.server) and shown only while a setup is
 * unconfirmed; a code is accepted once (the step of the last one is kept); recovery codes are stored
 * as SHA-256 hashes and work once. A password login of a user with two-factor on gives a challenge,
 * not a session: 5 minutes, 5 wrong codes, one use; wrong codes also count toward the login lockout.
 */
export const ISSUER = "Warm Intros";
export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
const PERIOD = 30;
/** One step either side, for clocks that drift and people who type slowly. */
const WINDOW = 1;
const SEAL_PURPOSE = "totp-secret";

export const INVALID_CODE = "Invalid authentication code";
export const INVALID_RECOVERY_CODE = "Invalid recovery code";
export const CHALLENGE_EXPIRED = "This sign-in has expired. Please log in again.";
export const ALREADY_ENABLED = "Two-factor authentication is already on";
export const NOT_ENABLED = "Two-factor authentication is off";
export const NO_SETUP = "Start the two-factor setup first";
export const SESSION_ONLY = "Two-factor authentication is managed with a signed-in session, not an API key";
export const ADMIN_MUST_KEEP = "Platform administrators must keep two-factor authentication on";

export type TwoFactorSetup = { secret: string; otpauthUri: string };

const sessionSecretOf = (env: CloudflareEnv) => requireSecrets(env).sessionSecret;

function totpFor(secretBase32: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** Management needs the person at a browser or with their session cookie; an API key is refused. */
function assertSessionActor(actor: SessionUser) {
  if (actor.apiKey) throw forbidden(SESSION_ONLY);
}

async function secretRow(db: Database, userId: number) {
  return db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).get();
}

async function openSecret(env: CloudflareEnv, userId: number, sealed: string): Promise<string> {
  const secret = await open(sessionSecretOf(env), SEAL_PURPOSE, String(userId), sealed);
  // Sealed under another SESSION_SECRET: nothing can be verified; the operator must reset it.
  if (secret === null) throw new Error(`two-factor secret of user ${userId} cannot be opened`);
  return secret;
}

/** The absolute step of `code` when it is valid now, else null. */
function stepOf(totp: TOTP, code: string, now: number): number | null {
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, "");
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten fresh codes like `k3m9p-x7q2r` (50 bits each), their hashes, and the statements that store them. */
async function newRecoveryCodes(db: Database, userId: number) {
  const codes: string[] = [];
  for (let i = 0; i < RECOVERY_CODE_COUNT; i++) {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
    codes.push(`${chars.slice(0, 5)}-${chars.slice(5)}`);
  }
  const now = new Date();
  const rows = await Promise.all(
    codes.map(async (code) => ({ userId, codeHash: await sha256Hex(normalizeRecoveryCode(code)), createdAt: now })),
  );
  return {
    codes,
    statements: [
      db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
      db.insert(recoveryCodes).values(rows),
    ] as const,
  };
}

/**
 * Accepts a code from the app once: the step of the code must be later than the last accepted
 * one, and the update that records it requires that too, so two requests racing with one code
 * cannot both pass.
 */
async function acceptTotp(db: Database, env: CloudflareEnv, user: Pick<User, "id" | "username">, code: string, now = Date.now()) {
  const row = await secretRow(db, user.id);
  if (!row?.confirmedAt) return false;
  const step = stepOf(totpFor(await openSecret(env, user.id, row.sealedSecret), user.username), code, now);
  if (step === null) return false;
  const taken = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(and(eq(userTwoFactor.userId, user.id), or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step))))
    .returning({ userId: userTwoFactor.userId });
  if (taken.length === 0) securityEvent("two_factor_replay", { userId: user.id });
  return taken.length > 0;
}

/** Spends one unused recovery code of the user; false when it is not one (or was used). */
async function acceptRecoveryCode(db: Database, userId: number, code: string) {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length === 0 || normalized.length > 40) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, await sha256Hex(normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (used.length > 0) securityEvent("recovery_code_used", { userId });
  return used.length > 0;
}

/** A 6-digit code is one from the app; anything else is tried as a recovery code. */
async function acceptCodeOrRecovery(db: Database, env: CloudflareEnv, user: Pick<User, "id" | "username">, code: string) {
  return /^\d{6}$/.test(code) ? acceptTotp(db, env, user, code) : acceptRecoveryCode(db, user.id, code);
}

async function mustFindUser(db: Database, id: number): Promise<User> {
  const user = await db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw notFound("User not found");
  return user;
}

/**
 * Starts (or restarts) a setup: a new secret, shown now and until it is confirmed. Like every
 * factor change it needs the session's password from the last 10 minutes (decision 108), so a
 * stolen cookie cannot enrol its own authenticator.
 */
export async function startTwoFactorSetup(
  db: Database,
  env: CloudflareEnv,
  actor: SessionUser,
  session: SessionProof | null,
): Promise<TwoFactorSetup> {
  assertSessionActor(actor);
  assertRecentPassword(session);
  const user = await mustFindUser(db, actor.id);
  if (user.twoFactorEnabledAt) throw conflict(ALREADY_ENABLED);
  const secret = new Secret({ size: 20 }).base32;
  const sealedSecret = await seal(sessionSecretOf(env), SEAL_PURPOSE, String(user.id), secret);
  await db
    .insert(userTwoFactor)
    .values({ userId: user.id, sealedSecret, confirmedAt: null, lastUsedStep: null, createdAt: new Date() })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { sealedSecret, confirmedAt: null, lastUsedStep: null } });
  return { secret, otpauthUri: totpFor(secret, user.username).toString() };
}

/** The setup waiting for its code (to show it again after a wrong code), or null. */
export async function pendingTwoFactorSetup(
  db: Database,
  env: CloudflareEnv,
  actor: SessionUser,
): Promise<TwoFactorSetup | null> {
  const row = await secretRow(db, actor.id);
  if (!row || row.confirmedAt) return null;
  const secret = await openSecret(env, actor.id, row.sealedSecret);
  return { secret, otpauthUri: totpFor(secret, actor.username).toString() };
}

/**
 * Confirms the setup with a code from the app: two-factor is on, and the ten recovery codes are
 * returned, this once. Everything lands in one batch, with the end of the user's other sessions.
 */
export async function confirmTwoFactorSetup(
  db: Database,
  env: CloudflareEnv,
  actor: SessionUser,
  code: string,
  session: SessionProof | null,
) {
  assertSessionActor(actor);
  assertRecentPassword(session);
  const user = await mustFindUser(db, actor.id);
  if (user.twoFactorEnabledAt) throw conflict(ALREADY_ENABLED);
  const row = await secretRow(db, user.id);
  if (!row || row.confirmedAt) throw conflict(NO_SETUP);
  const step = stepOf(totpFor(await openSecret(env, user.id, row.sealedSecret), user.username), code, Date.now());
  if (step === null) throw badRequest(INVALID_CODE, { code: [INVALID_CODE] });
  const now = new Date();
  const { codes, statements } = await newRecoveryCodes(db, user.id);
  const [confirmed] = await db.batch([
    db
      .update(userTwoFactor)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(
        and(
          eq(userTwoFactor.userId, user.id),
          isNull(userTwoFactor.confirmedAt),
          eq(userTwoFactor.sealedSecret, row.sealedSecret),
        ),
      )
      .returning({ userId: userTwoFactor.userId }),
    db
      .update(users)
      .set({ twoFactorEnabledAt: now, updatedAt: now })
      .where(
        and(
          eq(users.id, user.id),
          sql`exists (select 1 from ${userTwoFactor} where ${userTwoFactor.userId} = ${user.id} and ${userTwoFactor.confirmedAt} = ${now.getTime()})`,
        ),
      ),
    ...statements,
    otherSessionsDelete(db, user.id, session?.sessionId ?? null),
  ]);
  // Restarted in the meantime: the codes just written belong to no confirmed setup; undo them.
  if (confirmed.length === 0) {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    throw conflict(NO_SETUP);
  }
  securityEvent("two_factor_enabled", { userId: user.id });
  return { recoveryCodes: codes };
}

/** Whether two-factor must stay on for this user: platform admins, outside development. */
export function twoFactorRequiredFor(user: Pick<User, "isAdmin">, env: CloudflareEnv) {
  return user.isAdmin && !isDevelopment(env);
}

/**
 * Turns two-factor off: the current password (which counts as the re-authentication) and a code (or
 * a recovery code). The user's other sessions end.
 */
export async function disableTwoFactor(
  db: Database,
  env: CloudflareEnv,
  actor: SessionUser,
  { currentPassword, code }: { currentPassword: string; code: string },
  requester: Requester,
  session: SessionProof | null,
) {
  assertSessionActor(actor);
  const user = await mustFindUser(db, actor.id);
  if (!user.twoFactorEnabledAt) throw conflict(NOT_ENABLED);
  if (twoFactorRequiredFor(user, env)) throw forbidden(ADMIN_MUST_KEEP);
  await checkCurrentPassword(db, user.id, currentPassword, requester);
  if (!(await acceptCodeOrRecovery(db, env, user, code))) throw badRequest(INVALID_CODE, { code: [INVALID_CODE] });
  await db.batch([
    db.delete(userTwoFactor).where(eq(userTwoFactor.userId, user.id)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id)),
    db.update(users).set({ twoFactorEnabledAt: null, updatedAt: new Date() }).where(eq(users.id, user.id)),
    otherSessionsDelete(db, user.id, session?.sessionId ?? null),
    passwordEnteredUpdate(db, session),
  ]);
  securityEvent("two_factor_disabled", { userId: user.id });
}

/** Ten new recovery codes (the old ones stop working), for a code from the app and a recent password. */
export async function regenerateRecoveryCodes(
  db: Database,
  env: CloudflareEnv,
  actor: SessionUser,
  code: string,
  session: SessionProof | null,
) {
  assertSessionActor(actor);
  assertRecentPassword(session);
  const user = await mustFindUser(db, actor.id);
  if (!user.twoFactorEnabledAt) throw conflict(NOT_ENABLED);
  if (!(await acceptCodeOrRecovery(db, env, user, code))) throw badRequest(INVALID_CODE, { code: [INVALID_CODE] });
  const { codes, statements } = await newRecoveryCodes(db, user.id);
  await db.batch([...statements, otherSessionsDelete(db, user.id, session?.sessionId ?? null)]);
  securityEvent("recovery_codes_regenerated", { userId: user.id });
  return { recoveryCodes: codes };
}

export const SECOND_FACTOR_NEEDED = "Enter the code from your authenticator app (or a recovery code)";

/**
 * A change that moves money (a payout method, issue 38) asks for the second factor of a user who has
 * one: a code from the app or a recovery code, spent once. A user without two-factor passes.
 */
export async function confirmSecondFactor(db: Database, env: CloudflareEnv, actor: Pick<User, "id">, code: string | undefined) {
  const user = await mustFindUser(db, actor.id);
  if (!user.twoFactorEnabledAt) return;
  if (!code) throw badRequest(SECOND_FACTOR_NEEDED, { code: [SECOND_FACTOR_NEEDED] });
  if (!(await acceptCodeOrRecovery(db, env, user, code))) throw badRequest(INVALID_CODE, { code: [INVALID_CODE] });
}

/**
 * After the right password, for a user with two-factor on: a challenge token instead of a session.
 * Only its SHA-256 is stored.
 */
export async function createLoginChallenge(db: Database, user: Pick<User, "id">) {
  const token = randomToken(32);
  const now = Date.now();
  const expiresAt = new Date(now + CHALLENGE_TTL_MS);
  await db.insert(twoFactorChallenges).values({
    id: await sha256Hex(token),
    userId: user.id,
    attempts: 0,
    expiresAt,
    createdAt: new Date(now),
  });
  securityEvent("two_factor_challenge", { userId: user.id });
  return { challenge: token, expiresAt };
}

/**
 * The second step of a sign-in. A wrong code costs one of the challenge's 5 attempts and counts as
 * a failed login of the user (the same lockout as wrong passwords); the right one spends the
 * challenge and returns the user, who then gets a session.
 */
export async function completeLoginChallenge(
  db: Database,
  env: CloudflareEnv,
  input: { challenge: string; code?: string; recoveryCode?: string },
  requester: Requester,
  { adminOnly = false } = {},
): Promise<User> {
  const id = await sha256Hex(input.challenge);
  // Counting the attempt first, in the statement that finds the challenge, so parallel guesses
  // cannot exceed the cap.
  const [counted] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.id, id),
        gt(twoFactorChallenges.expiresAt, new Date()),
        lt(twoFactorChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .returning({ userId: twoFactorChallenges.userId });
  if (!counted) throw new AppError(401, CHALLENGE_EXPIRED, { challenge: [CHALLENGE_EXPIRED] });
  const user = await db.select().from(users).where(eq(users.id, counted.userId)).get();
  if (!user?.twoFactorEnabledAt || (adminOnly && !user.isAdmin)) {
    throw new AppError(401, CHALLENGE_EXPIRED, { challenge: [CHALLENGE_EXPIRED] });
  }
  // A code is a password check of this user: the same per-client and per-username-and-client
  // counters as wrong passwords (decision 047), checked before anything is verified.
  const { ok, failures } = await throttledPasswordCheck(
    db,
    user.username,
    requester,
    () =>
      input.code !== undefined
        ? acceptTotp(db, env, user, input.code)
        : acceptRecoveryCode(db, user.id, input.recoveryCode ?? ""),
    (retryAfter) => new AppError(429, LOGIN_TOO_MANY, undefined, { "Retry-After": String(retryAfter) }),
  );
  if (!ok) {
    securityEvent("two_factor_failed", { userId: user.id, failures });
    const field = input.code !== undefined ? "code" : "recoveryCode";
    const message = input.code !== undefined ? INVALID_CODE : INVALID_RECOVERY_CODE;
    throw new AppError(401, message, { [field]: [message] });
  }
  // One use: whoever deletes the row completes the sign-in.
  const spent = await db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .returning({ id: twoFactorChallenges.id });
  if (spent.length === 0) throw new AppError(401, CHALLENGE_EXPIRED, { challenge: [CHALLENGE_EXPIRED] });
  if (user.suspendedAt) throw new AppError(403, "This account is suspended. Please contact support.");
  securityEvent("login", { userId: user.id, admin: user.isAdmin, twoFactor: true });
  return user;
}

export { CODE_MESSAGE, CODE_OR_RECOVERY_MESSAGE };
