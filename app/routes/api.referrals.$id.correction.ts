import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { correctReferral } from "~/domain/referrals/corrections.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/correction: the connector corrects the referred person's email and/or
 * phone while the introduction awaits an answer; a new link goes to the corrected details and the
 * old one dies (issue 33, decision 126). Others who see the referral 403, anyone else 404.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context, "referrals:write");
  const id = idOrNotFound(params.id);
  const secret = requireSecrets(context.cloudflare.env).passwordPepper;
  const db = context.db();
  return jsonResponse(await correctReferral(db, user, id, () => readJsonBody(request), secret));
});
