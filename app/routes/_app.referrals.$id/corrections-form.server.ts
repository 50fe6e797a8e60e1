import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data } from "@remix-run/cloudflare";
import { correctReferral, resendIntroduction, withdrawReferral } from "../../domain/referrals/corrections.server";
import { requireSecrets } from "../../utils/env.server";
import { AppError } from "../../utils/errors.server";
import { replyWithError } from "../../utils/forms.server";
import { redirectWithToast } from "../../utils/toast.server";
import { ReferralCorrectionSchema } from "../../validation/referral-correction";
import { CORRECTION_INTENTS, type CorrectionIntent } from "../../validation/referral-page-intents";
import { referralFormPost } from "./form-post.server";

/** Whether a form post on the referral page is one of the connector's moves before consent. */
export function isCorrectionIntent(intent: unknown): intent is CorrectionIntent {
  return CORRECTION_INTENTS.includes(intent as CorrectionIntent);
}

class InvalidSubmission extends Error {}

/**
 * The referral page's forms for the connector while consent is awaited (plain POSTs, so they work
 * without JavaScript): `intent=correct` with the corrected email and phone, `intent=resend`,
 * `intent=withdraw`. The model authorizes each (the lifecycle), as the API does.
 */
export async function referralCorrectionsAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { user, id, formData, intent, here } = await referralFormPost(args);
  const db = context.db();
  const secret = requireSecrets(context.cloudflare.env).passwordPepper;
  const refused = (error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw data({ message: error.message }, { status: 404 });
    return data({ intent, message: error.message, result: undefined }, { status: error.status, headers: error.headers });
  };
  if (intent === "resend") {
    try {
      await resendIntroduction(db, user, id);
    } catch (error) {
      return refused(error);
    }
    return redirectWithToast(here, request, context, { title: "Introduction sent again" });
  }
  if (intent === "withdraw") {
    try {
      await withdrawReferral(db, user, id, secret);
    } catch (error) {
      return refused(error);
    }
    return redirectWithToast(here, request, context, { title: "Referral withdrawn" });
  }
  // Correct: the fields are read once the lifecycle allows the move.
  const submission = parseWithZod(formData, { schema: ReferralCorrectionSchema });
  try {
    await correctReferral(
      db,
      user,
      id,
      async () => {
        if (submission.status !== "success") throw new InvalidSubmission();
        return submission.value;
      },
      secret,
    );
  } catch (error) {
    if (error instanceof InvalidSubmission) return data({ intent, result: submission.reply() }, { status: 400 });
    if (error instanceof AppError && error.status !== 404 && submission.status === "success") {
      return replyWithError(submission, error, request, context, { intent: "correct" });
    }
    return refused(error);
  }
  return redirectWithToast(here, request, context, {
    title: "Correction sent",
    description: "A new introduction goes to the corrected details; the old link no longer works.",
  });
}
