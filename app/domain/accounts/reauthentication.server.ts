import { eq } from "drizzle-orm";
import { sessions, users } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { AppError, unauthorized } from "../../utils/errors.server";
import { verifyPassword } from "../../utils/password.server";
import type { Requester } from "../../utils/requester.server";
import { securityEvent } from "../../utils/security-log.server";
import { throttledPasswordCheck } from "./login-throttle.server";

/**
 * The one home of "a password entered in this session in the last 10 minutes": admin changes
 * (decision 053) and every change of a sign-in factor or credential (two-factor on, off, new
 * recovery codes, password, email; decision 108). A current password typed into the change's own
 * form counts as that confirmation (`passwordEnteredUpdate`), so nobody types it twice.
 */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;
export const REAUTH_REQUIRED =
  'Admin changes need your password from the last 10 minutes. Confirm it with POST /api/auth/reauthenticate {"password"} and try again.';
export const CREDENTIAL_REAUTH_REQUIRED =
  'Changes to how you sign in need your password from the last 10 minutes. Confirm it with POST /api/auth/reauthenticate {"password"} and try again.';
/** The screens' field message when a change needs the password and none was typed. */
export const PASSWORD_TO_CONFIRM = "Enter your password to confirm this change";
export const PASSWORD_INCORRECT = "Password is incorrect";
export const REAUTH_TOO_MANY = "Too many failed attempts. Please try again later.";

/** The session a change is made in: its id and when its password was last entered. */
export type SessionProof = { sessionId: string; passwordVerifiedAt: Date | null };

export function isRecent(proof: SessionProof | null, now = Date.now()): boolean {
  return (proof?.passwordVerifiedAt?.getTime() ?? 0) > now - REAUTH_WINDOW_MS;
}

/** For the models: 403 naming POST /api/auth/reauthenticate unless the session's password is recent. */
export function assertRecentPassword(proof: SessionProof | null, message = CREDENTIAL_REAUTH_REQUIRED): void {
  if (!isRecent(proof)) throw new AppError(403, message);
}

/**
 * A current password checked in the change's own form is a fresh confirmation: recorded on the
 * session in the change's batch (unexecuted; without a session it matches no row).
 */
export function passwordEnteredUpdate(db: Database, proof: SessionProof | null, now = new Date()) {
  return db
    .update(sessions)
    .set({ passwordVerifiedAt: now })
    .where(eq(sessions.id, proof?.sessionId ?? ""));
}

/**
 * Checks the signed-in user's password again and, when right, records it on their session; returns
 * the time recorded. Failures count with the login failures of the same username and client
 * (decision 047), so a stolen session cannot guess freely.
 */
export async function confirmPassword(
  db: Database,
  session: { sessionId: string; userId: number },
  requester: Requester,
  password: string,
): Promise<Date> {
  const row = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, session.userId))
    .get();
  if (!row) throw unauthorized();
  const { ok, failures } = await throttledPasswordCheck(
    db,
    row.username,
    requester,
    () => verifyPassword(password, row.passwordHash, requester.pepper),
    (retryAfter) => new AppError(429, REAUTH_TOO_MANY, { password: [REAUTH_TOO_MANY] }, { "Retry-After": String(retryAfter) }),
  );
  if (!ok) {
    securityEvent("login_failed", { reauthentication: true, userId: session.userId, failures });
    throw new AppError(400, PASSWORD_INCORRECT, { password: [PASSWORD_INCORRECT] });
  }
  const now = new Date();
  await db.update(sessions).set({ passwordVerifiedAt: now }).where(eq(sessions.id, session.sessionId));
  return now;
}
