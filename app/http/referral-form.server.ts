import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "@remix-run/cloudflare";
import { ensureConnectorProfile } from "../domain/parties/connectors.server";
import { createReferral } from "../domain/referrals/creation.server";
import { requireSecrets } from "../utils/env.server";
import { replyWithError } from "../utils/forms.server";
import type { SessionUser } from "../utils/session.server";
import { redirectWithToast } from "../utils/toast.server";
import { ReferralSchema } from "../validation/referral";

/** Where a connector lands after a referral: the dashboard, where it tops the list. */
export const AFTER_REFERRAL = "/";

/**
 * The referral form's submission, shared by /create-referral and /refer/{id}: the SPEC's messages
 * under the fields on a 400, "Referral created" after a redirect on success, and "Failed to create
 * referral" with the server's message (the 409 duplicate text, a missing profile) otherwise.
 */
export async function submitReferralForm(formData: FormData, request: Request, context: AppLoadContext, user: SessionUser) {
  const submission = parseWithZod(formData, { schema: ReferralSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const referral = await createReferral(
      context.db(),
      user,
      submission.value,
      requireSecrets(context.cloudflare.env).passwordPepper,
    );
    return redirectWithToast(AFTER_REFERRAL, request, context, {
      title: "Referral created",
      // The SPEC's title; the description says what happens next (double opt-in, decision 055).
      description: `${referral.referredPersonName} was referred to ${referral.businessName}. We are emailing ${referral.referredPersonName} to confirm the introduction; ${referral.businessName} sees their email and phone only once they accept.`,
    });
  } catch (error) {
    return replyWithError(submission, error, request, context, { toastTitle: "Failed to create referral" });
  }
}

/**
 * The one-step connector profile of the welcome card and of "Profile Setup Required". No toast: the
 * SPEC's catalogue has none for it, and the referral form appearing is the confirmation.
 */
export async function createProfileAndReturn(context: AppLoadContext, user: SessionUser, to: string) {
  await ensureConnectorProfile(context.db(), user);
  return redirect(to);
}
