import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { listDeliveries, redeliverEvent } from "~/domain/integrations/webhook-deliveries.server";
import { requireApiUser } from "~/http/api-auth.server";
import { listOnId, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { RedeliverEventSchema } from "~/validation/webhooks";

/** GET /api/webhooks/{id}/deliveries: the delivery log, newest first (status, attempts, next retry). */
export const loader = listOnId(sessionCaller, listDeliveries);

/**
 * POST /api/webhooks/{id}/deliveries {eventId}: redelivers a stored event of the business to this
 * endpoint (decision 079), queued for the scheduled job; answers the new delivery.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request, context);
  const endpointId = idOrNotFound(params.id);
  const { eventId } = parseWith(RedeliverEventSchema, await readJsonBody(request));
  return jsonResponse(await redeliverEvent(context.db(), user, endpointId, eventId), { status: 202 });
});
