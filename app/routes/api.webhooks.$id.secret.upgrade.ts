import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { switchToStandardWebhooks } from "~/domain/integrations/webhooks.server";
import { requireApiUser } from "~/http/api-auth.server";
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
