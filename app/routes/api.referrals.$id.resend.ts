import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { resendIntroduction } from "~/domain/referrals/corrections.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/resend: the connector sends the introduction again while it awaits an
 * answer; once an hour and 3 mails a day per referral (429 with Retry-After beyond; decision 126).
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context, "referrals:write");
  return jsonResponse(await resendIntroduction(context.db(), user, idOrNotFound(params.id)));
});
