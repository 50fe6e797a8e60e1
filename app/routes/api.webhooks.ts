import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { webhookDestinationRules } from "~/domain/integrations/webhook-dispatch.server";
import {
  webhookEndpointCreatedSchema,
  webhookEndpointExample,
  webhookEndpointSchema,
} from "~/domain/integrations/webhook-schemas";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/domain/integrations/webhooks.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { createOnPost, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, parsePage, parseQuery, parseWith, readJsonBody, wholeListResponse } from "~/utils/api.server";
import { BusinessIdQuerySchema } from "~/validation/fields";
import { WebhookEndpointCreateSchema } from "~/validation/webhooks";

export const contract = defineContract("/api/webhooks", {
  get: {
    operationId: "listWebhooks",
    tag: "Webhooks",
    auth: { kind: "session" },
    query: BusinessIdQuerySchema,
    docs: () => ({
      summary: "List a business's webhook endpoints",
      description: "Newest first, with their signing secrets. The business's owner or team admins.",
      queryDocs: { businessId: { description: "The business (required)", example: 1 } },
      success: {
        status: 200,
        description: "The endpoints (at most 10)",
        schema: z.array(webhookEndpointSchema()),
        example: [webhookEndpointExample],
        list: true,
      },
      errors: {
        400: [["businessId is missing or not a positive whole number", "Validation failed"]],
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such business, or you are not on its team", "Business not found"]],
      },
    }),
  },
  post: {
    operationId: "createWebhook",
    tag: "Webhooks",
    auth: { kind: "session" },
    idempotent: true,
    body: {
      schema: WebhookEndpointCreateSchema,
      name: "WebhookEndpointCreate",
      example: {
        businessId: 1,
        url: "https://crm.acme.example.com/hooks/warm-intros",
        events: ["referral.created", "referral.status_changed"],
        description: "CRM",
      },
    },
    docs: () => ({
      // The shared schema leaves businessId optional (the settings form takes it from the URL); this route requires it.
      requiredFields: ["businessId"],
      fields: {
        url: "Where events are POSTed: https, on a public host (no private or local addresses), no credentials, no port but 443. A development server also takes http or https to localhost, 127.0.0.1 or [::1] on any port.",
        events: "The event types to receive",
        description: "A note for your team",
        businessId: "The business the endpoint belongs to",
      },
      summary: "Register a webhook endpoint",
      description:
        "Registers an HTTPS endpoint (port 443, a public host) for some events; the answer includes the endpoint's signing secret (also readable later with GET /api/webhooks/{id}). The URL is checked again before every delivery. A business has at most 10 endpoints.",
      success: {
        status: 201,
        description: "The endpoint with its secret (null in an Idempotency-Key replay)",
        schema: webhookEndpointCreatedSchema(),
        example: webhookEndpointExample,
      },
      errors: {
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such business, or you are not on its team", "Business not found"]],
        422: [
          ["The URL is not https", "Webhook URLs must use https"],
          [
            "The host is a private, loopback, link-local or other special-purpose address (in any IPv4 or IPv6 form), an internal name (localhost, *.internal, *.local…), or a wildcard-DNS name such as *.nip.io",
            "Webhook URLs must not point at a private or local address",
          ],
          ["The URL names a port other than 443", "Webhook URLs must use the standard https port (443)"],
          ["The business already has 10 endpoints", "A business can have at most 10 webhook endpoints"],
        ],
      },
    }),
  },
});

/** GET /api/webhooks?businessId=N: the business's endpoints (owner and team admins). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const { businessId } = parseQuery(contract.get.query, request);
  const page = parsePage(request);
  return wholeListResponse(await listWebhookEndpoints(context.db(), user, businessId), page);
});

/** POST /api/webhooks {businessId, url, events, description?}: registers an endpoint; its signing secret is returned. */
export const action = createOnPost(
  sessionCaller,
  async ({ db, user, request, context }) => {
    const input = parseWith(contract.post.body.schema, await readJsonBody(request));
    return createWebhookEndpoint(db, user, input.businessId, input, webhookDestinationRules(context.cloudflare.env));
  },
  { allow: ["GET", "POST"], secretFields: ["secret"] },
);
