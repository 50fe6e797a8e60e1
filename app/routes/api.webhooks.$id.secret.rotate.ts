import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { rotateWebhookSecret } from "~/domain/integrations/webhooks.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/webhooks/{id}/secret/rotate: a new signing secret, in this answer (and readable with GET
 * /api/webhooks/{id}); the previous one keeps signing too for 24 hours (decision 052).
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  return jsonResponse(await rotateWebhookSecret(context.db(), user, idOrNotFound(params.id)));
});
