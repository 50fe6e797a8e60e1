import { eq, sql } from "drizzle-orm";
import { type User, users } from "../../db/schema";
import { assertPasswordNotCommon } from "../utils/common-passwords.server";
import type { Database } from "../utils/db.server";
import { AppError, conflict, isUniqueViolation, notFound } from "../utils/errors.server";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../utils/password.server";
import { clearHits, lockedFor, recordHit } from "../utils/rate-limit.server";
import { securityEvent } from "../utils/security-log.server";
import { otherSessionsDelete, type SessionUser } from "../utils/session.server";
import type { SignupInput } from "../validation/auth";
import { activityInsert } from "./activity.server";
import { verificationInserts } from "./auth-tokens.server";
import { connectorInsert, connectorSync } from "./connectors.server";
import { mailInsert } from "./mail/outbox.server";

export const USERNAME_TAKEN = "Username is already taken";
export const INVALID_CREDENTIALS = "Invalid username or password";
export const LOGIN_LOCKOUT = { limit: 10, windowMs: 15 * 60 * 1000 };

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
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Public signup. Individuals get their connector profile at once; business accounts get one when
 * they first choose to make referrals. Account, profile, activity and the verification link (token
 * row and its mail) land in one batch.
 */
export async function signup(db: Database, input: SignupInput): Promise<User> {
  assertPasswordNotCommon(input.password);
  await assertUsernameFree(db, input.username);
  const passwordHash = await hashPassword(input.password);
  const userId = userIdOf(input.username);
  const signupActivity = activityInsert(db, {
    action: "New user signed up",
    details: `${input.name} joined as ${input.accountType === "business" ? "a business" : "an individual"}`,
    activityType: "user_signup",
    userId,
  });
  const verification = verificationInserts(db, userId, input.email);
  try {
    if (input.accountType === "individual") {
      await db.batch([
        userInsert(db, input, passwordHash),
        connectorInsert(db, userId, { name: input.name, email: input.email, phone: input.phone }),
        signupActivity,
        ...verification,
      ]);
    } else {
      await db.batch([userInsert(db, input, passwordHash), signupActivity, ...verification]);
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
    throw error;
  }
  const user = await findUserByUsername(db, input.username);
  if (!user) throw new Error("user vanished after signup");
  return user;
}

/**
 * Checks credentials without telling whether the username exists. After 10 failures for one
 * username in 15 minutes it answers 429 until the window has passed.
 */
export async function authenticate(
  db: Database,
  { username, password }: { username: string; password: string },
  { adminOnly = false } = {},
): Promise<User> {
  const key = `login:${username.toLowerCase()}`;
  const retryAfter = await lockedFor(db, key, LOGIN_LOCKOUT);
  if (retryAfter !== null) {
    securityEvent("login_locked", { username, retryAfterSeconds: retryAfter });
    throw new AppError(429, "Too many failed login attempts. Please try again later.", undefined, {
      "Retry-After": String(retryAfter),
    });
  }
  const user = await findUserByUsername(db, username);
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid || (adminOnly && !user.isAdmin)) {
    const failures = await recordHit(db, key, LOGIN_LOCKOUT);
    securityEvent("login_failed", { username, adminOnly, failures, lockedNow: failures === LOGIN_LOCKOUT.limit });
    // The admin login answers a non-admin exactly like a wrong password: nothing tells what was right.
    throw new AppError(401, INVALID_CREDENTIALS);
  }
  if (user.suspendedAt) {
    securityEvent("login_suspended", { userId: user.id });
    throw new AppError(403, "This account is suspended. Please contact support.");
  }
  await clearHits(db, key);
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
 * it lands in one batch with the change (decision 044).
 */
export async function updateProfile(
  db: Database,
  actor: SessionUser,
  targetId: number,
  { currentPassword, ...fields }: { name: string; email: string | null; phone: string | null; currentPassword?: string },
) {
  assertSelf(actor, targetId);
  const current = await mustFind(db, targetId);
  const emailChanged = !sameEmail(current.email, fields.email);
  if (emailChanged) {
    if (!currentPassword) {
      throw new AppError(400, CURRENT_PASSWORD_FOR_EMAIL, { currentPassword: [CURRENT_PASSWORD_FOR_EMAIL] });
    }
    await checkCurrentPassword(db, targetId, currentPassword);
  }
  const now = new Date();
  const update = db
    .update(users)
    .set({ ...fields, ...(emailChanged ? { emailVerifiedAt: null } : {}), updatedAt: now })
    .where(eq(users.id, targetId));
  const sync = connectorSync(db, targetId, fields);
  if (!emailChanged) {
    await db.batch([update, sync]);
  } else {
    await db.batch([
      update,
      sync,
      ...(fields.email ? verificationInserts(db, targetId, fields.email) : []),
      ...(current.email
        ? [
            mailInsert(db, {
              kind: "email_changed",
              toAddress: current.email,
              userId: targetId,
              payload: { newEmail: fields.email ?? "" },
            }),
          ]
        : []),
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

async function checkCurrentPassword(db: Database, userId: number, currentPassword: string) {
  const user = await mustFind(db, userId);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new AppError(400, "Current password is incorrect", { currentPassword: ["Current password is incorrect"] });
  }
  return user;
}

export async function changeUsername(
  db: Database,
  actor: SessionUser,
  targetId: number,
  { username, currentPassword }: { username: string; currentPassword: string },
) {
  assertSelf(actor, targetId);
  await checkCurrentPassword(db, targetId, currentPassword);
  await assertUsernameFree(db, username, targetId);
  try {
    await db.update(users).set({ username, updatedAt: new Date() }).where(eq(users.id, targetId));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
    throw error;
  }
  return mustFind(db, targetId);
}

/** Changing the password ends every other session of the user. */
export async function changePassword(
  db: Database,
  actor: SessionUser,
  targetId: number,
  { password, currentPassword }: { password: string; currentPassword: string },
  currentSessionId: string | null,
) {
  assertSelf(actor, targetId);
  await checkCurrentPassword(db, targetId, currentPassword);
  assertPasswordNotCommon(password);
  const passwordHash = await hashPassword(password);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, targetId)),
    otherSessionsDelete(db, targetId, currentSessionId),
  ]);
  return mustFind(db, targetId);
}

async function mustFind(db: Database, id: number): Promise<User> {
  const user = await findUserById(db, id);
  if (!user) throw notFound("User not found");
  return user;
}
