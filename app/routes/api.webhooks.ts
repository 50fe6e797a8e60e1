import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { webhookDestinationRules } from "~/domain/integrations/webhook-dispatch.server";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/domain/integrations/webhooks.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, listResponse, methodNotAllowed, parsePage, parseWith, readJsonBody } from "~/utils/api.server";
import { idempotent } from "~/utils/idempotency.server";
import { BusinessIdQuerySchema } from "~/validation/fields";
import { WebhookEndpointCreateSchema } from "~/validation/webhooks";

/** GET /api/webhooks?businessId=N: the business's endpoints (owner and team admins). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const { businessId } = parseWith(BusinessIdQuerySchema, {
    businessId: new URL(request.url).searchParams.get("businessId") ?? undefined,
  });
  const { limit, offset } = parsePage(request);
  const endpoints = await listWebhookEndpoints(context.db(), user, businessId);
  return listResponse(endpoints.slice(offset, offset + limit), endpoints.length);
});

/** POST /api/webhooks {businessId, url, events, description?}: registers an endpoint; its signing secret is returned. */
export const action = apiHandler(
  idempotent(
    async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
      const user = await requireApiUser(request, context);
      const input = parseWith(WebhookEndpointCreateSchema, await readJsonBody(request));
      const endpoint = await createWebhookEndpoint(
        context.db(),
        user,
        input.businessId,
        input,
        webhookDestinationRules(context.cloudflare.env),
      );
      return jsonResponse(endpoint, { status: 201 });
    },
    { secretFields: ["secret"] },
  ),
);
