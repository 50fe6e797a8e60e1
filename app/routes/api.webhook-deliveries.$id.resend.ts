import {
  RESEND_DELIVERY_TOO_SOON,
  RESEND_ENDPOINT_TOO_OFTEN,
  RESEND_ENDPOINT_WINDOW,
  resendDelivery,
} from "~/domain/integrations/webhook-deliveries.server";
import { webhookDeliveryExample, webhookDeliverySchema } from "~/domain/integrations/webhook-schemas";
import { defineContract } from "~/http/api-contract";
import { postOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/webhook-deliveries/{id}/resend", {
  post: {
    operationId: "resendWebhookDelivery",
    tag: "Webhooks",
    auth: { kind: "session" },
    path_params: { id: "Delivery id (the Webhook-Delivery header)" },
    docs: () => ({
      summary: "Resend a delivery",
      description: `Queues the delivery again now, with a fresh set of attempts, whatever its state; the next scheduled run (within a minute) sends it. At most once a minute per delivery and ${RESEND_ENDPOINT_WINDOW.limit} times an hour per endpoint.`,
      success: {
        status: 202,
        description: "Queued",
        schema: webhookDeliverySchema(),
        example: { ...webhookDeliveryExample, attempts: 0, lastAttemptAt: null },
      },
      errors: {
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such delivery, or not your business's", "Delivery not found"]],
        429: [
          ["Resent less than a minute ago (see Retry-After)", RESEND_DELIVERY_TOO_SOON],
          ["The endpoint's hourly resend budget is spent (see Retry-After)", RESEND_ENDPOINT_TOO_OFTEN],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/webhook-deliveries/{id}/resend: queues the delivery again now and sends it after the response. */
export const action = postOnId(sessionCaller, ({ db, user, id }) => resendDelivery(db, user, id), { status: 202 });
