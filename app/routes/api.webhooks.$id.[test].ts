import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { sendTestEvent } from "~/domain/integrations/webhook-deliveries.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/webhooks/{id}/test: queues a signed `ping` event to this endpoint (decision 079); the
 * scheduled job sends it within a minute, like every delivery. Answers the delivery, as the log shows it.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  return jsonResponse(await sendTestEvent(context.db(), user, idOrNotFound(params.id)), { status: 202 });
});
