import { webhookEndpointExample, webhookEndpointSchema } from "~/domain/integrations/webhook-schemas";
import { ALREADY_STANDARD, LEGACY_SIGNATURES_UNTIL, switchToStandardWebhooks } from "~/domain/integrations/webhooks.server";
import { defineContract } from "~/http/api-contract";
import { postOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/webhooks/{id}/secret/upgrade", {
  post: {
    operationId: "upgradeWebhookSigning",
    tag: "Webhooks",
    auth: { kind: "session" },
    path_params: { id: "Webhook endpoint id" },
    docs: () => ({
      summary: "Switch a webhook to Standard Webhooks signatures",
      description: `For an endpoint made before 2026-11-24 (signatureScheme legacy): from its next delivery on, deliveries carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) signed with the new secret in this answer, instead of Webhook-Signature: t=...,v1=<hex>. There is no overlap (the old secret cannot sign the new way): switch your receiver's verification and secret together, or add a second endpoint, which uses Standard Webhooks from the start, and remove this one once it verifies. Legacy signatures are sent until ${LEGACY_SIGNATURES_UNTIL}. The business's owner or team admins.`,
      success: {
        status: 200,
        description: "The endpoint, now standard, with its new secret",
        schema: webhookEndpointSchema(),
        example: webhookEndpointExample,
      },
      errors: {
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such endpoint, or not your business's", "Webhook endpoint not found"]],
        409: [["The endpoint already uses Standard Webhooks", ALREADY_STANDARD]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/webhooks/{id}/secret/upgrade: moves a legacy endpoint to Standard Webhooks signatures
 * with a new secret, in this answer (decision 077); 409 when it already uses them.
 */
export const action = postOnId(sessionCaller, ({ db, user, id }) => switchToStandardWebhooks(db, user, id));
