import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/models/api-auth.server";
import { switchToStandardWebhooks } from "~/models/webhooks.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/webhooks/{id}/secret/upgrade: moves a legacy endpoint to Standard Webhooks signatures
 * with a new secret, in this answer (decision 077); 409 when it already uses them.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  return jsonResponse(await switchToStandardWebhooks(context.db(), user, idOrNotFound(params.id)));
});
