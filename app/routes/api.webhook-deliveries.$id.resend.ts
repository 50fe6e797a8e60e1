import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { resendDelivery } from "~/domain/integrations/webhook-deliveries.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/webhook-deliveries/{id}/resend: queues the delivery again now and sends it after the response. */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  const delivery = await resendDelivery(context.db(), user, idOrNotFound(params.id));
  return jsonResponse(delivery, { status: 202 });
});
