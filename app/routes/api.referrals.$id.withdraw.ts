import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { withdrawReferral } from "~/domain/referrals/corrections.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/withdraw: the connector withdraws the referral while it awaits an answer:
 * rejected (withdrawn), consent cancelled, the person's details erased everywhere (decision 126).
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context, "referrals:write");
  const secret = requireSecrets(context.cloudflare.env).passwordPepper;
  return jsonResponse(await withdrawReferral(context.db(), user, idOrNotFound(params.id), secret));
});
