import { eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type User, users } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { AppError, conflict, isUniqueViolation, notFound } from "../../utils/errors.server";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "../../utils/password.server";
import { assertPasswordAllowed } from "../../utils/password-strength.server";
import { assertWithinLimits } from "../../utils/rate-limit.server";
import type { Requester } from "../../utils/requester.server";
import { securityEvent } from "../../utils/security-log.server";
import { otherSessionsDelete, type SessionUser } from "../../utils/session.server";
import type { SignupInput } from "../../validation/auth";
import { effectStatements } from "../effects/effects.server";
import { connectorInsert, connectorSyncUpdate } from "../parties/connectors.server";
import { verificationInserts } from "./auth-tokens.server";
import { LOGIN_LOCKOUT, throttledPasswordCheck } from "./login-throttle.server";
import { passwordEnteredUpdate, type SessionProof } from "./reauthentication.server";

export const USERNAME_TAKEN = "Username is already taken";
export const INVALID_CREDENTIALS = "Invalid username or password";
export { LOGIN_LOCKOUT };
export const LOGIN_TOO_MANY = "Too many failed login attempts. Please try again later.";
export const PASSWORD_CHECKS_TOO_MANY = "Too many failed password attempts. Please try again later.";
/** Sign-ups from one client (decision 047): far above a household's or an office's, far below a script's. */
export const SIGNUPS_PER_CLIENT = { limit: 10, windowMs: 60 * 60 * 1000 };
export const SIGNUPS_TOO_MANY = "Too many accounts were created from your network. Please try again later.";
/**
 * Email changes of one account (issue 32, N5; decision 109): each mails the old address and the new
 * one, so alternating changes would mail a victim without end. A typo fixed twice fits in a day.
 */
export const EMAIL_CHANGES_PER_ACCOUNT = { limit: 3, windowMs: 24 * 60 * 60 * 1000 };
export const EMAIL_CHANGES_TOO_MANY = "You have changed your email address too many times today. Please try again tomorrow.";

/** What the API and the screens may see of a user: never the password hash. */
export function toPublicUser(user: SessionUser | User) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    phone: user.phone,
    accountType: user.accountType,
    isAdmin: user.isAdmin,
    profilePhoto: user.profilePhoto,
    // Whether the current email was proven to reach the user (decision 044).
    emailVerified: user.emailVerifiedAt != null,
    // Whether sign-in asks for a code from an authenticator app after the password (decision 050).
    twoFactorEnabled: user.twoFactorEnabledAt != null,
    createdAt: user.createdAt.toISOString(),
  };
}
export type PublicUser = ReturnType<typeof toPublicUser>;

export function findUserByUsername(db: Database, username: string) {
  return db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
}

export function findUserById(db: Database, id: number) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** The id of the user with this username, as an SQL subquery usable inside one batch. */
export function userIdOf(username: string) {
  return sql<number>`(select id from users where lower(username) = lower(${username}))`;
}

export async function assertUsernameFree(db: Database, username: string, exceptUserId?: number) {
  const existing = await findUserByUsername(db, username);
  if (existing && existing.id !== exceptUserId) throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
}

/** The insert of a new, never-admin user account. */
export function userInsert(
  db: Database,
  input: Pick<SignupInput, "username" | "name" | "email" | "phone" | "accountType">,
  passwordHash: string,
  { emailVerifiedAt = null }: { emailVerifiedAt?: Date | null } = {},
) {
  const now = new Date();
  return db.insert(users).values({
    username: input.username,
    passwordHash,
    name: input.name,
    email: input.email,
    phone: input.phone,
    accountType: input.accountType,
    isAdmin: false,
    emailVerifiedAt,
    createdAt: now,
    updatedAt: now,
  });
}

/** The checks every signup passes before its batch: the client's rate, the password, the username. */
async function assertSignupAllowed(db: Database, input: SignupInput, requester: Requester) {
  await assertWithinLimits(db, [[`signup:client:${requester.client}`, SIGNUPS_PER_CLIENT]], SIGNUPS_TOO_MANY);
  assertPasswordAllowed(input.password, input);
  await assertUsernameFree(db, input.username);
}

/**
 * A new account's statements, unexecuted: the account, an individual's connector profile, the
 * activity entry, and (unless `emailVerifiedAt` says a link already proved the address) the
 * verification link with its mail. The new id is `userIdOf(input.username)` inside the batch.
 */
export function signupStatements(
  db: Database,
  input: SignupInput,
  passwordHash: string,
  { emailVerifiedAt = null }: { emailVerifiedAt?: Date | null } = {},
) {
  const userId = userIdOf(input.username);
  const signupActivity = effectStatements(db, {
    activity: [
      {
        action: "New user signed up",
        details: `${input.name} joined as ${input.accountType === "business" ? "a business" : "an individual"}`,
        activityType: "user_signup",
        userId,
      },
    ],
  });
  const profile =
    input.accountType === "individual"
      ? [connectorInsert(db, userId, { name: input.name, email: input.email, phone: input.phone })]
      : [];
  const verification = emailVerifiedAt ? [] : verificationInserts(db, userId, input.email);
  return [userInsert(db, input, passwordHash, { emailVerifiedAt }), ...profile, ...signupActivity, ...verification] as const;
}

/** Runs a signup's batch; a username taken meanwhile (any letter case) is the same 409 as before it. */
async function runSignupBatch<T extends Parameters<Database["batch"]>[0]>(db: Database, statements: T) {
  try {
    return await db.batch(statements);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
    throw error;
  }
}

/**
 * Public signup. Individuals get their connector profile at once; business accounts get one when
 * they first choose to make referrals. Account, profile, activity and the verification link (token
 * row and its mail) land in one batch. `joining` is what a link that proved the address adds
 * (decision 177): the account is verified by it (no verification link) and the link's own statements
 * (an invitation's seat) ride in the same batch; their results come back as `joined`.
 */
export async function signup(
  db: Database,
  input: SignupInput,
  requester: Requester,
  joining?: {
    verifiedAt: Date;
    statements: (holder: { id: SQL<number>; name: string; email: string }) => readonly BatchItem<"sqlite">[];
  },
): Promise<User & { joined: unknown[][] }> {
  await assertSignupAllowed(db, input, requester);
  const passwordHash = await hashPassword(input.password, requester.pepper);
  const account = signupStatements(db, input, passwordHash, { emailVerifiedAt: joining?.verifiedAt ?? null });
  const extra = joining?.statements({ id: userIdOf(input.username), name: input.name, email: input.email }) ?? [];
  const results = (await runSignupBatch(db, [...account, ...extra] as unknown as typeof account)) as unknown as unknown[][];
  const user = await findUserByUsername(db, input.username);
  if (!user) throw new Error("user vanished after signup");
  return Object.assign(user, { joined: results.slice(account.length) });
}

/**
 * Checks credentials without telling whether the username exists. Throttled before any hashing
 * (decision 047): 10 failures of one username from one client lock that pair for 15 minutes, 30
 * failures from one client lock the client, and failures of one username from everywhere only slow
 * its checks down, so nobody can lock someone else (the admin included) out. A hash made with older
 * parameters (no pepper, fewer iterations) is replaced on success (decision 048).
 */
export async function authenticate(
  db: Database,
  { username, password }: { username: string; password: string },
  requester: Requester,
  { adminOnly = false } = {},
): Promise<User> {
  const tooMany = (retryAfter: number) => new AppError(429, LOGIN_TOO_MANY, undefined, { "Retry-After": String(retryAfter) });
  let user: User | undefined;
  const { ok, failures } = await throttledPasswordCheck(
    db,
    username,
    requester,
    async () => {
      user = await findUserByUsername(db, username);
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH, requester.pepper);
      return valid && !!user && (!adminOnly || user.isAdmin);
    },
    tooMany,
  );
  if (!ok || !user) {
    securityEvent("login_failed", { username, adminOnly, failures, lockedNow: failures === LOGIN_LOCKOUT.limit });
    // The admin login answers a non-admin exactly like a wrong password: nothing tells what was right.
    throw new AppError(401, INVALID_CREDENTIALS);
  }
  if (user.suspendedAt) {
    securityEvent("login_suspended", { userId: user.id });
    throw new AppError(403, "This account is suspended. Please contact support.");
  }
  if (await needsRehash(user.passwordHash, requester.pepper)) {
    const passwordHash = await hashPassword(password, requester.pepper);
    await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    user = { ...user, passwordHash };
    securityEvent("password_rehashed", { userId: user.id });
  }
  securityEvent("login", { userId: user.id, admin: user.isAdmin });
  return user;
}

/** A user may only change their own account; any other id looks like it does not exist. */
function assertSelf(actor: SessionUser, targetId: number) {
  if (actor.id !== targetId) throw notFound("User not found");
}

export const CURRENT_PASSWORD_FOR_EMAIL = "Enter your current password to change your email";

const sameEmail = (a: string | null, b: string | null) => (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * Name, email and phone. A new email (not merely another spelling of the same one) needs the
 * current password, is unverified until its link is opened, and the old address is told; all of
 * it lands in one batch with the change (decision 044). The email is a credential (password resets
 * go to it): the password typed counts as the re-authentication, and the user's other sessions end
 * (decision 108).
 */
export async function updateProfile(
  db: Database,
  actor: SessionUser,
  targetId: number,
  { currentPassword, ...fields }: { name: string; email: string | null; phone: string | null; currentPassword?: string },
  requester: Requester,
  session: SessionProof | null = null,
) {
  assertSelf(actor, targetId);
  const current = await mustFind(db, targetId);
  const emailChanged = !sameEmail(current.email, fields.email);
  if (emailChanged) {
    if (!currentPassword) {
      throw new AppError(400, CURRENT_PASSWORD_FOR_EMAIL, { currentPassword: [CURRENT_PASSWORD_FOR_EMAIL] });
    }
    await checkCurrentPassword(db, targetId, currentPassword, requester);
    await assertWithinLimits(db, [[`email-change:user:${targetId}`, EMAIL_CHANGES_PER_ACCOUNT]], EMAIL_CHANGES_TOO_MANY, "email");
  }
  const now = new Date();
  const update = db
    .update(users)
    .set({ ...fields, ...(emailChanged ? { emailVerifiedAt: null } : {}), updatedAt: now })
    .where(eq(users.id, targetId));
  const sync = connectorSyncUpdate(db, targetId, fields);
  if (!emailChanged) {
    await db.batch([update, sync]);
  } else {
    await db.batch([
      update,
      sync,
      ...(fields.email ? verificationInserts(db, targetId, fields.email) : []),
      ...effectStatements(db, {
        mail: current.email
          ? [{ kind: "email_changed", toAddress: current.email, userId: targetId, payload: { newEmail: fields.email ?? "" } }]
          : [],
      }),
      otherSessionsDelete(db, targetId, session?.sessionId ?? null),
      passwordEnteredUpdate(db, session, now),
    ]);
    securityEvent("email_changed", { userId: targetId });
  }
  return mustFind(db, targetId);
}

export async function updatePhoto(db: Database, actor: SessionUser, targetId: number, profilePhoto: string | null) {
  assertSelf(actor, targetId);
  await db.update(users).set({ profilePhoto, updatedAt: new Date() }).where(eq(users.id, targetId));
  return mustFind(db, targetId);
}

/**
 * The current password of a change, throttled and counted with the login failures of the same
 * username (decision 047): past the limit, 429 with Retry-After before any hashing.
 */
export async function checkCurrentPassword(db: Database, userId: number, currentPassword: string, requester: Requester) {
  const user = await mustFind(db, userId);
  const { ok, failures } = await throttledPasswordCheck(
    db,
    user.username,
    requester,
    () => verifyPassword(currentPassword, user.passwordHash, requester.pepper),
    (retryAfter) =>
      new AppError(
        429,
        PASSWORD_CHECKS_TOO_MANY,
        { currentPassword: [PASSWORD_CHECKS_TOO_MANY] },
        { "Retry-After": String(retryAfter) },
      ),
  );
  if (!ok) {
    securityEvent("current_password_failed", { userId, failures, lockedNow: failures === LOGIN_LOCKOUT.limit });
    throw new AppError(400, "Current password is incorrect", { currentPassword: ["Current password is incorrect"] });
  }
  return user;
}

/**
 * The username is not a secret (decision 108): changing it needs the current password, which counts
 * as a re-authentication, but other sessions stay.
 */
export async function changeUsername(
  db: Database,
  actor: SessionUser,
  targetId: number,
  { username, currentPassword }: { username: string; currentPassword: string },
  requester: Requester,
  session: SessionProof | null = null,
) {
  assertSelf(actor, targetId);
  await checkCurrentPassword(db, targetId, currentPassword, requester);
  await assertUsernameFree(db, username, targetId);
  try {
    await db.batch([
      db.update(users).set({ username, updatedAt: new Date() }).where(eq(users.id, targetId)),
      passwordEnteredUpdate(db, session),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
    throw error;
  }
  return mustFind(db, targetId);
}

/**
 * Changing the password ends every other session of the user; the current password typed counts
 * as the re-authentication (decision 108).
 */
export async function changePassword(
  db: Database,
  actor: SessionUser,
  targetId: number,
  { password, currentPassword }: { password: string; currentPassword: string },
  session: SessionProof | null,
  requester: Requester,
) {
  assertSelf(actor, targetId);
  const user = await checkCurrentPassword(db, targetId, currentPassword, requester);
  assertPasswordAllowed(password, user);
  const passwordHash = await hashPassword(password, requester.pepper);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, targetId)),
    otherSessionsDelete(db, targetId, session?.sessionId ?? null),
    passwordEnteredUpdate(db, session),
  ]);
  return mustFind(db, targetId);
}

async function mustFind(db: Database, id: number): Promise<User> {
  const user = await findUserById(db, id);
  if (!user) throw notFound("User not found");
  return user;
}
