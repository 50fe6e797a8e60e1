import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { answerConfirmation } from "../../domain/referrals/confirmation.server";
import { requireSecrets } from "../../utils/env.server";
import { AppError } from "../../utils/errors.server";
import { replyWithError } from "../../utils/forms.server";
import { redirectWithToast } from "../../utils/toast.server";
import { CONFIRMATION_INTENT, ConfirmationSchema } from "../../validation/referral";
import { referralFormPost } from "./form-post.server";

/**
 * The referral page's confirmation form (decision 128): its connector confirms or disowns a referral a
 * business registered in their name. A plain POST (works without JavaScript); the model authorizes
 * and the lifecycle decides, as for POST /api/referrals/{id}/confirmation.
 */
export async function referralConfirmationAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { user, id, formData, here } = await referralFormPost(args);
  const submission = parseWithZod(formData, { schema: ConfirmationSchema });
  const secret = requireSecrets(context.cloudflare.env).passwordPepper;
  try {
    const referral = await answerConfirmation(
      context.db(),
      user,
      id,
      async () => {
        if (submission.status !== "success") throw new AppError(400, "Please choose confirm or disown");
        return submission.value;
      },
      secret,
    );
    const confirmed = referral.connectorConfirmation === "confirmed" && referral.status === "pending";
    return redirectWithToast(here, request, context, {
      title: confirmed ? "Referral confirmed" : "Referral disowned",
      description: confirmed
        ? `${referral.referredPersonName} is now asked to agree to the introduction.`
        : `The referral is closed and ${referral.referredPersonName}'s details are erased.`,
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data({ message: error.message }, { status: 404 });
    return replyWithError(submission, error, request, context, { toastTitle: "Not saved", intent: CONFIRMATION_INTENT });
  }
}
