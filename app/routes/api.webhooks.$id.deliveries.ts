import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import {
  EVENT_NOT_FOUND,
  listDeliveries,
  MANUAL_SENDS_TOO_OFTEN,
  PING_NOT_REDELIVERED,
  REDELIVER_TOO_SOON,
  RESEND_ENDPOINT_WINDOW,
  redeliverEvent,
} from "~/domain/integrations/webhook-deliveries.server";
import { webhookDeliveryExample, webhookDeliverySchema } from "~/domain/integrations/webhook-schemas";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import {
  apiHandler,
  idOrNotFound,
  jsonResponse,
  listResponse,
  methodNotAllowed,
  PageSchema,
  parseQuery,
  parseWith,
  readJsonBody,
} from "~/utils/api.server";
import { RedeliverEventSchema } from "~/validation/webhooks";

export const contract = defineContract("/api/webhooks/{id}/deliveries", {
  get: {
    operationId: "listWebhookDeliveries",
    tag: "Webhooks",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    query: PageSchema,
    docs: () => ({
      summary: "List an endpoint's deliveries",
      description: "The delivery log, newest first: status, attempts, your endpoint's last answer and the next retry.",
      success: {
        status: 200,
        description: "A page of deliveries",
        schema: z.array(webhookDeliverySchema()),
        example: [webhookDeliveryExample],
        list: true,
      },
      errors: {
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
      },
    }),
  },
  post: {
    operationId: "redeliverWebhookEvent",
    tag: "Webhooks",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    body: { schema: RedeliverEventSchema, name: "WebhookRedelivery", example: { eventId: webhookDeliveryExample.eventId } },
    docs: () => ({
      summary: "Redeliver an event to an endpoint",
      description: `Queues a stored event of the endpoint's business (by its id: from the delivery log, the event feed or a delivery's webhook-id header) to this endpoint, even if the endpoint does not subscribe to its type or did not exist when it happened. The body is the event as first sent, with the same id, so a receiver that already has it can skip it. The next scheduled run (within a minute) sends it; it shows in the delivery log with trigger redelivery. Test events are not redelivered (send a new one). At most once a minute per event and endpoint, within the endpoint's budget of ${RESEND_ENDPOINT_WINDOW.limit} resends, test events and redeliveries an hour. The business's owner or team admins.`,
      success: {
        status: 202,
        description: "Queued: the new delivery",
        schema: webhookDeliverySchema(),
        example: {
          ...webhookDeliveryExample,
          trigger: "redelivery",
          attempts: 0,
          responseStatus: null,
          lastError: null,
          durationMs: null,
          lastAttemptAt: null,
          nextAttemptAt: "2026-03-20T08:00:00.000Z",
          createdAt: "2026-03-20T08:00:00.000Z",
        },
      },
      errors: {
        400: [["eventId is missing or not an event id (evt_...)", "Validation failed"]],
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [
          ["No such endpoint, or not your business's", "Webhook endpoint not found"],
          ["No such event, or another business's", EVENT_NOT_FOUND],
        ],
        422: [["The event is a test event", PING_NOT_REDELIVERED]],
        429: [
          ["This event was redelivered to this endpoint less than a minute ago (see Retry-After)", REDELIVER_TOO_SOON],
          ["The endpoint's hourly budget is spent (see Retry-After)", MANUAL_SENDS_TOO_OFTEN],
        ],
      },
    }),
  },
});

/** GET /api/webhooks/{id}/deliveries: the delivery log, newest first (status, attempts, next retry). */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const id = idOrNotFound(params.id);
  const { items, total } = await listDeliveries(context.db(), user, id, parseQuery(contract.get.query, request));
  return listResponse(items, total);
});

/**
 * POST /api/webhooks/{id}/deliveries {eventId}: redelivers a stored event of the business to this
 * endpoint (decision 079), queued for the scheduled job; answers the new delivery.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request, context);
  const endpointId = idOrNotFound(params.id);
  const { eventId } = parseWith(contract.post.body.schema, await readJsonBody(request));
  return jsonResponse(await redeliverEvent(context.db(), user, endpointId, eventId), { status: 202 });
});
