import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import { AppError, unauthorized } from "../utils/errors.server";
import { verifyPassword } from "../utils/password.server";
import { requesterOf } from "../utils/requester.server";
import { securityEvent } from "../utils/security-log.server";
import { getCurrentSession } from "../utils/session.server";
import { throttledPasswordCheck } from "./login-throttle.server";

/** Admin changes need a password entered in this session within the last 10 minutes (decision 053). */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;
export const REAUTH_REQUIRED =
  'Admin changes need your password from the last 10 minutes. Confirm it with POST /api/auth/reauthenticate {"password"} and try again.';
export const PASSWORD_INCORRECT = "Password is incorrect";
export const REAUTH_TOO_MANY = "Too many failed attempts. Please try again later.";

/** Whether this request's session entered its password recently enough for an admin change. */
export async function hasRecentPassword(context: AppLoadContext, now = Date.now()): Promise<boolean> {
  const session = await getCurrentSession(context);
  const at = session?.passwordVerifiedAt?.getTime() ?? 0;
  return at > now - REAUTH_WINDOW_MS;
}

/** Throws 403 with REAUTH_REQUIRED unless the password was entered recently (the API's answer). */
export async function requireRecentPassword(context: AppLoadContext): Promise<void> {
  if (!(await hasRecentPassword(context))) throw new AppError(403, REAUTH_REQUIRED);
}

/**
 * Checks the signed-in user's password again and, when right, records it on this session. Failures
 * count with the login failures of the same username and client (decision 047), so a stolen session
 * cannot guess freely.
 */
export async function reauthenticate(request: Request, context: AppLoadContext, password: string): Promise<void> {
  const session = await getCurrentSession(context);
  if (!session) throw unauthorized();
  const db = context.db();
  const requester = requesterOf(request, context);
  const row = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, session.user.id))
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
    securityEvent("login_failed", { reauthentication: true, userId: session.user.id, failures });
    throw new AppError(400, PASSWORD_INCORRECT, { password: [PASSWORD_INCORRECT] });
  }
  const now = new Date();
  await db.update(sessions).set({ passwordVerifiedAt: now }).where(eq(sessions.id, session.sessionId));
  // The rest of this request (the admin change it was asked for) sees the fresh confirmation.
  session.passwordVerifiedAt = now;
}
