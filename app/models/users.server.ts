import { eq, sql } from "drizzle-orm";
import { type User, users } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { AppError, conflict, isUniqueViolation, notFound } from "../utils/errors.server";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../utils/password.server";
import { clearHits, lockedFor, recordHit } from "../utils/rate-limit.server";
import { securityEvent } from "../utils/security-log.server";
import { otherSessionsDelete, type SessionUser } from "../utils/session.server";
import type { SignupInput } from "../validation/auth";
import { activityInsert } from "./activity.server";
import { connectorInsert, connectorSync } from "./connectors.server";

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
 * they first choose to make referrals. Account, profile and activity land in one batch.
 */
export async function signup(db: Database, input: SignupInput): Promise<User> {
  await assertUsernameFree(db, input.username);
  const passwordHash = await hashPassword(input.password);
  const userId = userIdOf(input.username);
  const signupActivity = activityInsert(db, {
    action: "New user signed up",
    details: `${input.name} joined as ${input.accountType === "business" ? "a business" : "an individual"}`,
    activityType: "user_signup",
    userId,
  });
  try {
    if (input.accountType === "individual") {
      await db.batch([
        userInsert(db, input, passwordHash),
        connectorInsert(db, userId, { name: input.name, email: input.email, phone: input.phone }),
        signupActivity,
      ]);
    } else {
      await db.batch([userInsert(db, input, passwordHash), signupActivity]);
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

export async function updateProfile(
  db: Database,
  actor: SessionUser,
  targetId: number,
  fields: { name: string; email: string | null; phone: string | null },
) {
  assertSelf(actor, targetId);
  await db.batch([
    db
      .update(users)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(users.id, targetId)),
    connectorSync(db, targetId, fields),
  ]);
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
