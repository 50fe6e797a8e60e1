import { webhookEndpointExample, webhookEndpointSchema } from "~/domain/integrations/webhook-schemas";
import { rotateWebhookSecret, SECRET_ROTATED_CONCURRENTLY } from "~/domain/integrations/webhooks.server";
import { defineContract } from "~/http/api-contract";
import { postOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/webhooks/{id}/secret/rotate", {
  post: {
    operationId: "rotateWebhookSecret",
    tag: "Webhooks",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    docs: () => ({
      summary: "Rotate a webhook's signing secret",
      description:
        "Makes a new signing secret and returns the endpoint with it. For the next 24 hours (previousSecretExpiresAt) every delivery is signed with both secrets, two v1 entries in webhook-signature, so your receiver can switch to the new one without missing events; rotating again in that time retires the older one at once. The business's owner or team admins.",
      success: {
        status: 200,
        description: "The endpoint with its new secret",
        schema: webhookEndpointSchema(),
        example: { ...webhookEndpointExample, previousSecretExpiresAt: "2026-03-02T12:05:00.000Z" },
      },
      errors: {
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
        409: [["Another rotation of this endpoint landed first (its secret is the current one)", SECRET_ROTATED_CONCURRENTLY]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/webhooks/{id}/secret/rotate: a new signing secret, in this answer (and readable with GET
 * /api/webhooks/{id}); the previous one keeps signing too for 24 hours (decision 052).
 */
export const action = postOnId(sessionCaller, ({ db, user, id }) => rotateWebhookSecret(db, user, id));
