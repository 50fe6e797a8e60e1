import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/cloudflare";
import { SELF_INTRODUCTION_INTENT } from "../components/connector-view";
import { introduceThroughLink } from "../domain/referrals/personal-links.server";
import { requireSecrets } from "../utils/env.server";
import { assertNotBot, HONEYPOT_FIELD, replyWithError } from "../utils/forms.server";
import { clientKeyOf } from "../utils/rate-limit.server";
import { SelfIntroductionSchema } from "../validation/referral";

/**
 * A visitor's introduction through a connector's personal link (decision 180), the screen's twin of
 * POST /api/referral-links/{code}/introductions: the referral form's messages under the fields on a
 * 400; the link's, the duplicate's or the pace's message above the form otherwise; "Check your inbox"
 * on success.
 */
export async function submitSelfIntroduction(formData: FormData, request: Request, context: AppLoadContext) {
  assertNotBot(formData.get(HONEYPOT_FIELD));
  const submission = parseWithZod(formData, { schema: SelfIntroductionSchema });
  if (submission.status !== "success") {
    return data({ intent: SELF_INTRODUCTION_INTENT, result: submission.reply() }, { status: 400 });
  }
  try {
    const introduced = await introduceThroughLink(
      context.db(),
      { code: String(formData.get("via") ?? ""), client: clientKeyOf(request) },
      submission.value,
      requireSecrets(context.cloudflare.env).passwordPepper,
    );
    return { introduced };
  } catch (error) {
    return replyWithError(submission, error, request, context, { intent: SELF_INTRODUCTION_INTENT });
  }
}
