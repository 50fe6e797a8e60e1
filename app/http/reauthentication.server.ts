import type { AppLoadContext } from "@remix-run/cloudflare";
import { confirmPassword, isRecent, PASSWORD_TO_CONFIRM, REAUTH_REQUIRED } from "~/domain/accounts/reauthentication.server";
import { AppError, unauthorized } from "~/utils/errors.server";
import { requesterOf } from "~/utils/requester.server";
import { getCurrentSession } from "~/utils/session.server";

// The request's side of re-authentication (decisions 053, 108): the session comes from the load
// context, the client from the request; what counts as recent and the password check itself are
// app/domain/accounts/reauthentication.server.ts.

/** Whether this request's session entered its password recently enough for an admin change. */
export async function hasRecentPassword(context: AppLoadContext, now = Date.now()): Promise<boolean> {
  return isRecent(await getCurrentSession(context), now);
}

/** Throws 403 with REAUTH_REQUIRED unless the password was entered recently (the API's answer). */
export async function requireRecentPassword(context: AppLoadContext): Promise<void> {
  if (!(await hasRecentPassword(context))) throw new AppError(403, REAUTH_REQUIRED);
}

/**
 * The screens' confirmation: a `password` typed into the form is checked (and recorded); without
 * one, a recent password is needed, else 403 with the field message, so the form asks for it.
 */
export async function confirmPasswordFromForm(request: Request, context: AppLoadContext, password: FormDataEntryValue | null) {
  if (typeof password === "string" && password !== "") return reauthenticate(request, context, password);
  if (!(await hasRecentPassword(context))) throw new AppError(403, PASSWORD_TO_CONFIRM, { password: [PASSWORD_TO_CONFIRM] });
}

/** Checks the signed-in user's password again (confirmPassword) and records it on this request's session too. */
export async function reauthenticate(request: Request, context: AppLoadContext, password: string): Promise<void> {
  const session = await getCurrentSession(context);
  if (!session) throw unauthorized();
  const now = await confirmPassword(
    context.db(),
    { sessionId: session.sessionId, userId: session.user.id },
    requesterOf(request, context),
    password,
  );
  // The rest of this request (the admin change it was asked for) sees the fresh confirmation.
  session.passwordVerifiedAt = now;
}
