import { webhookEndpointExample, webhookEndpointSchema } from "~/domain/integrations/webhook-schemas";
import { deleteWebhookEndpoint, getWebhookEndpoint } from "~/domain/integrations/webhooks.server";
import { defineContract } from "~/http/api-contract";
import { deleteOnId, getOnId, sessionCaller } from "~/http/api-routes.server";

export const contract = defineContract("/api/webhooks/{id}", {
  get: {
    operationId: "getWebhook",
    tag: "Webhooks",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    docs: () => ({
      summary: "Get a webhook endpoint",
      description: "One endpoint with its signing secret. The business's owner or team admins.",
      success: { status: 200, description: "The endpoint", schema: webhookEndpointSchema(), example: webhookEndpointExample },
      errors: {
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
      },
    }),
  },
  delete: {
    operationId: "deleteWebhook",
    tag: "Webhooks",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    docs: () => ({
      summary: "Delete a webhook endpoint",
      description: "Removes the endpoint and its delivery log; nothing more is sent to it.",
      success: {
        status: 200,
        description: "The removed endpoint",
        schema: webhookEndpointSchema(),
        example: webhookEndpointExample,
      },
      errors: {
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
      },
    }),
  },
});

/** GET /api/webhooks/{id}: one endpoint with its signing secret (owner and team admins). */
export const loader = getOnId(sessionCaller, getWebhookEndpoint);

/** DELETE /api/webhooks/{id}: removes the endpoint and its delivery log. */
export const action = deleteOnId(sessionCaller, deleteWebhookEndpoint, ["GET", "DELETE"]);
