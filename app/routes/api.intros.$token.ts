import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { assertIntroductionPace, findIntroduction } from "~/domain/referrals/introduction-view.server";
import { answerIntroduction } from "~/domain/referrals/introductions.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";
import { clientKeyOf } from "~/utils/rate-limit.server";
import { IntroductionAnswerSchema } from "~/validation/introduction";

/**
 * GET /api/intros/{token}: the introduction behind the emailed link (no login: the link is the
 * credential, as on /intro/{token}). 404 for an unknown link; throttled per client.
 */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  return jsonResponse(await findIntroduction(context.db(), params.token ?? "", clientKeyOf(request)));
});

/**
 * POST /api/intros/{token} with { "decision": "accept" | "decline" } and, with accept, optional
 * corrected referredPersonName / referredPersonEmail / referredPersonPhone. Answers with the
 * introduction as it now stands; 409 when already answered, 409 when lapsed too, 404 for an unknown link.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const db = context.db();
  const answer = parseWith(IntroductionAnswerSchema, await readJsonBody(request));
  // Counted once the body is sound: only a lookup of the link can guess at tokens.
  await assertIntroductionPace(db, clientKeyOf(request));
  const view = await answerIntroduction(db, params.token ?? "", answer, requireSecrets(context.cloudflare.env).passwordPepper);
  return jsonResponse(view);
});
