import {
  MANUAL_SENDS_TOO_OFTEN,
  RESEND_ENDPOINT_WINDOW,
  sendTestEvent,
  TEST_EVENT_TOO_SOON,
  TEST_EVENT_WINDOW,
} from "~/domain/integrations/webhook-deliveries.server";
import { PING_EXAMPLE_EVENT_ID, webhookDeliveryExample, webhookDeliverySchema } from "~/domain/integrations/webhook-schemas";
import { defineContract } from "~/http/api-contract";
import { postOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";
import { WEBHOOK_PING_TYPE } from "../../db/enums";

export const contract = defineContract("/api/webhooks/{id}/test", {
  post: {
    operationId: "sendWebhookTestEvent",
    tag: "Webhooks",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    docs: () => ({
      summary: "Send a test event",
      description: `Queues a ping event (see the Webhooks section) to this endpoint only, signed like every delivery, so you can check that your receiver verifies and acknowledges it; the next scheduled run (within a minute) sends it, and it shows in the delivery log with trigger test. At most once every ${TEST_EVENT_WINDOW.windowMs / 1000} seconds per endpoint; it counts in the endpoint's budget of ${RESEND_ENDPOINT_WINDOW.limit} resends, test events and redeliveries an hour. The business's owner or team admins.`,
      success: {
        status: 202,
        description: "Queued: the test event's delivery",
        schema: webhookDeliverySchema(),
        example: {
          ...webhookDeliveryExample,
          eventId: PING_EXAMPLE_EVENT_ID,
          eventType: WEBHOOK_PING_TYPE,
          trigger: "test",
          attempts: 0,
          responseStatus: null,
          lastError: null,
          durationMs: null,
          lastAttemptAt: null,
          nextAttemptAt: "2026-03-01T12:06:00.000Z",
          createdAt: "2026-03-01T12:06:00.000Z",
        },
      },
      errors: {
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
        429: [
          ["A test event was sent to this endpoint less than 10 seconds ago (see Retry-After)", TEST_EVENT_TOO_SOON],
          ["The endpoint's hourly budget is spent (see Retry-After)", MANUAL_SENDS_TOO_OFTEN],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/webhooks/{id}/test: queues a signed `ping` event to this endpoint (decision 079); the
 * scheduled job sends it within a minute, like every delivery. Answers the delivery, as the log shows it.
 */
export const action = postOnId(sessionCaller, ({ db, user, id }) => sendTestEvent(db, user, id), { status: 202 });
