import { and, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { authTokens, mailOutbox, type User, users } from "../../../db/schema";
import { assertPasswordNotCommon } from "../../utils/common-passwords.server";
import { linkTokenHash } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { AppError, badRequest, conflict, notFound } from "../../utils/errors.server";
import { hashPassword, type Pepper } from "../../utils/password.server";
import { assertPasswordStrong } from "../../utils/password-strength.server";
import { lockedFor, recordHit, recordHitInWindow, type Window } from "../../utils/rate-limit.server";
import { securityEvent } from "../../utils/security-log.server";
import { otherSessionsDelete, type SessionUser } from "../../utils/session.server";
import { INVALID_LINK } from "../../validation/auth";
import { effectStatements } from "../effects/effects.server";
import { loginCountersDelete } from "./login-throttle.server";

/**
 * The links mailed to a user (decision 044): verify an address (3 days) and reset a password
 * (1 hour). The row is written with the change that causes it; the random token is made, and only
 * its SHA-256 stored, when the scheduled job sends the mail (mail/delivery.server). A presented token
 * is found by its hash, works once, and only before it lapses.
 */
export const VERIFY_EMAIL_TTL_MS = 3 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export { INVALID_LINK };
export const ALREADY_VERIFIED = "Your email address is already verified";
export const NO_ADDRESS = "Add an email address to your profile first";
export const RESEND_TOO_SOON = "A link was sent moments ago. Please wait a minute before asking again.";
export const RESEND_DAILY_LIMIT = "You have asked for 5 links today. Please try again tomorrow.";
export const RESET_REQUESTED = "If an account uses that address, we've sent a link to reset its password. It works for 1 hour.";
export const RESET_TOO_MANY = "Too many requests. Please try again later.";
export const PASSWORD_UPDATED = "Password updated. Please log in with your new password.";
export const EMAIL_VERIFIED = "Email verified";
export const verificationSentMessage = (email: string) => `We've sent a new link to ${email}. It works for 3 days.`;

export const RESEND_PER_MINUTE: Window = { limit: 1, windowMs: 60_000 };
export const RESEND_PER_DAY: Window = { limit: 5, windowMs: 24 * 60 * 60 * 1000 };
export const RESET_PER_ADDRESS: Window = { limit: 3, windowMs: 60 * 60 * 1000 };
export const RESET_PER_CLIENT: Window = { limit: 20, windowMs: 60 * 60 * 1000 };

const invalidLink = () => badRequest(INVALID_LINK, { token: [INVALID_LINK] });

/**
 * A verification link for `email`, as two unexecuted statements for the caller's batch: the token
 * row and its mail. `userId` may be a subquery (at signup the id is not known before the batch); the
 * mail names the newest verification row of that user, the one inserted just before it.
 */
export function verificationInserts(
  db: Database,
  userId: number | SQL<number>,
  email: string,
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const now = Date.now();
  const tokenId = sql`(select max(${authTokens.id}) from ${authTokens} where ${authTokens.userId} = ${userId} and ${authTokens.purpose} = 'verify_email')`;
  return [
    db.insert(authTokens).values({
      purpose: "verify_email",
      userId,
      email,
      expiresAt: new Date(now + VERIFY_EMAIL_TTL_MS),
      createdAt: new Date(now),
    }),
    ...effectStatements(db, {
      mail: [{ kind: "verify_email", toAddress: email, userId, payload: sql`json_object('tokenId', ${tokenId})` }],
    }),
  ];
}

/** The unused, unexpired token of `purpose` that `token` is, or null. */
async function liveToken(db: Database, token: string, purpose: "verify_email" | "password_reset") {
  const hash = await linkTokenHash(token);
  if (!hash) return null;
  return (
    (await db
      .select()
      .from(authTokens)
      .where(
        and(
          eq(authTokens.tokenHash, hash),
          eq(authTokens.purpose, purpose),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, new Date()),
        ),
      )
      .get()) ?? null
  );
}

/**
 * The verification link a token's hash names, with its user's current address and verification: read
 * by the link's public page, where the token is the credential (unexecuted, for the page's own read).
 */
export function verificationLinkQuery(db: Database, tokenHash: string) {
  return db
    .select({
      usedAt: authTokens.usedAt,
      expiresAt: authTokens.expiresAt,
      email: authTokens.email,
      userEmail: users.email,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, "verify_email")));
}

type VerificationLink = Awaited<ReturnType<ReturnType<typeof verificationLinkQuery>["get"]>>;

/**
 * What a verification link is now (read only: a mail scanner opening it changes nothing): live (the
 * button confirms it), confirmed (used, and its address is still the user's and verified: reopening it
 * says so rather than "invalid"), or invalid (unknown, lapsed, or its address changed since).
 */
export function verificationLinkStateOf(link: VerificationLink, now = Date.now()): "live" | "confirmed" | "invalid" {
  if (!link || link.expiresAt.getTime() <= now) return "invalid";
  if (!link.usedAt) return "live";
  const stillTheirs = link.userEmail?.toLowerCase() === link.email.toLowerCase() && link.verifiedAt !== null;
  return stillTheirs ? "confirmed" : "invalid";
}

/**
 * Marks the user's address verified. Works without a session (the link is the proof); the token
 * counts only while its address is still the user's email, and only once.
 */
export async function verifyEmail(db: Database, token: string): Promise<User> {
  const row = await liveToken(db, token, "verify_email");
  if (!row) throw invalidLink();
  const now = new Date();
  const [used, verified] = await db.batch([
    db
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
      .returning({ id: authTokens.id }),
    db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})`, updatedAt: now })
      .where(and(eq(users.id, row.userId), sql`lower(${users.email}) = lower(${row.email})`))
      .returning(),
  ]);
  const user = verified[0];
  // Used in the meantime, or the address is no longer the user's: the link proves nothing now.
  if (used.length === 0 || !user) throw invalidLink();
  securityEvent("email_verified", { userId: user.id });
  return user;
}

/**
 * Sends a fresh verification link to the actor's current address: at most one a minute and five a
 * day, so the button cannot be used to flood an inbox.
 */
export async function resendVerification(db: Database, actor: SessionUser): Promise<string> {
  const user = await db.select().from(users).where(eq(users.id, actor.id)).get();
  if (!user) throw notFound("User not found");
  if (!user.email) throw badRequest(NO_ADDRESS, { email: [NO_ADDRESS] });
  if (user.emailVerifiedAt) throw conflict(ALREADY_VERIFIED);
  const minuteKey = `verify-resend:minute:${user.id}`;
  const dayKey = `verify-resend:day:${user.id}`;
  for (const [key, window, message] of [
    [minuteKey, RESEND_PER_MINUTE, RESEND_TOO_SOON],
    [dayKey, RESEND_PER_DAY, RESEND_DAILY_LIMIT],
  ] as const) {
    const retryAfter = await lockedFor(db, key, window);
    if (retryAfter !== null) throw new AppError(429, message, undefined, { "Retry-After": String(retryAfter) });
  }
  await recordHit(db, minuteKey, RESEND_PER_MINUTE);
  await recordHit(db, dayKey, RESEND_PER_DAY);
  await db.batch([...verificationInserts(db, user.id, user.email)]);
  return user.email;
}

/**
 * Mails a reset link to every account that uses `email` (addresses are not unique), answering the
 * same whatever the address: the caller always gets RESET_REQUESTED. The token rows and their mail
 * are written by INSERT … SELECT, so an unknown address runs the very same statements (they insert
 * nothing) and takes the same time. Past 3 requests an hour for one address nothing more is sent,
 * silently; past 20 an hour from one client the caller gets a 429.
 */
export async function requestPasswordReset(db: Database, email: string, clientKey: string): Promise<void> {
  const client = await recordHitInWindow(db, `reset:client:${clientKey}`, RESET_PER_CLIENT);
  if (client.count > RESET_PER_CLIENT.limit) {
    securityEvent("password_reset_throttled", { client: clientKey });
    const retryAfter = Math.max(1, Math.ceil((client.endsAt - Date.now()) / 1000));
    throw new AppError(429, RESET_TOO_MANY, undefined, { "Retry-After": String(retryAfter) });
  }
  const address = email.trim();
  const perAddress = await recordHit(db, `reset:address:${address.toLowerCase()}`, RESET_PER_ADDRESS);
  if (perAddress > RESET_PER_ADDRESS.limit) return;
  const now = Date.now();
  const expiresAt = now + PASSWORD_RESET_TTL_MS;
  // A raw select feeds every column of the table, in the schema's order (Drizzle's insert … select).
  await db.batch([
    db.insert(authTokens).select(
      sql`select null, 'password_reset', ${users.id}, ${users.email}, null, ${expiresAt}, null, ${now} from ${users}
        where lower(${users.email}) = lower(${address}) and ${users.suspendedAt} is null`,
    ),
    // The rows just inserted: this address, this instant, and no mail yet.
    db.insert(mailOutbox).select(
      sql`select null, 'password_reset', t.user_id, t.email, json_object('tokenId', t.id), 'pending', 0, ${now}, null, ${now}, null
        from ${authTokens} t
        where t.purpose = 'password_reset' and lower(t.email) = lower(${address}) and t.created_at = ${now}
          and not exists (select 1 from ${mailOutbox} o where o.user_id = t.user_id and o.kind = 'password_reset'
            and json_extract(o.payload, '$.tokenId') = t.id)`,
    ),
  ]);
}

/** Whether a reset link can still be used (the page asks before showing its form; reads only). */
export async function resetTokenIsLive(db: Database, token: string): Promise<boolean> {
  return (await liveToken(db, token, "password_reset")) !== null;
}

/**
 * Sets a new password from a reset link. In one batch: the password (only while the token is still
 * unused, so two racing requests cannot both use it), every reset token of the user spent, every
 * session ended, the login lockout lifted, and the address marked verified when the link went to the
 * user's current email (opening it proved the address reaches them).
 */
export async function resetPassword(db: Database, token: string, password: string, pepper: Pepper): Promise<User> {
  assertPasswordNotCommon(password);
  const row = await liveToken(db, token, "password_reset");
  if (!row) throw invalidLink();
  // The strength rule knows the owner's own words (decision 115): read them once the link is known good.
  const owner = await db
    .select({ username: users.username, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, row.userId))
    .get();
  if (!owner) throw invalidLink();
  assertPasswordStrong(password, owner);
  const passwordHash = await hashPassword(password, pepper);
  const now = new Date();
  const [changed] = await db.batch([
    db
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`case when lower(${users.email}) = lower(${row.email}) then coalesce(${users.emailVerifiedAt}, ${now.getTime()}) else ${users.emailVerifiedAt} end`,
        updatedAt: now,
      })
      .where(
        and(
          eq(users.id, row.userId),
          sql`exists (select 1 from ${authTokens} where ${authTokens.id} = ${row.id} and ${authTokens.usedAt} is null)`,
        ),
      )
      .returning(),
    db
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, row.userId), eq(authTokens.purpose, "password_reset"), isNull(authTokens.usedAt))),
    otherSessionsDelete(db, row.userId, null),
    // Every client's lock on this username (decision 047); a client's own count stays.
    loginCountersDelete(db, sql`(select lower(username) from ${users} where id = ${row.userId})`),
  ]);
  const user = changed[0];
  if (!user) throw invalidLink();
  securityEvent("password_reset", { userId: user.id });
  return user;
}
