import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { answerConfirmation } from "~/domain/referrals/confirmation.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";
import { ConfirmationSchema } from "~/validation/referral";

/**
 * POST /api/referrals/{id}/confirmation `{ "decision": "confirm" | "disown" }`: the connector answers
 * a referral a business registered in their name (decision 128). The lifecycle decides who may (the
 * connector only: 403 for the business and admins) and when (409 once answered); anyone who may not
 * see the referral gets 404.
 */
export const loader = () => methodNotAllowed(["POST"]);

export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context, "referrals:write");
  const id = idOrNotFound(params.id);
  const db = context.db();
  const secret = requireSecrets(context.cloudflare.env).passwordPepper;
  // answerConfirmation authorizes before it looks at the decision: a stranger learns nothing from
  // validation messages, so the body is parsed lazily inside.
  const referral = await answerConfirmation(
    db,
    user,
    id,
    () => readJsonBody(request).then((b) => parseWith(ConfirmationSchema, b)),
    secret,
  );
  return jsonResponse(referral);
});
