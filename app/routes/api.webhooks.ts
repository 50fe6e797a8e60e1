import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { webhookDestinationRules } from "~/domain/integrations/webhook-dispatch.server";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/domain/integrations/webhooks.server";
import { requireApiUser } from "~/http/api-auth.server";
import { createOnPost, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, parsePage, parseWith, readJsonBody, wholeListResponse } from "~/utils/api.server";
import { BusinessIdQuerySchema } from "~/validation/fields";
import { WebhookEndpointCreateSchema } from "~/validation/webhooks";

/** GET /api/webhooks?businessId=N: the business's endpoints (owner and team admins). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const { businessId } = parseWith(BusinessIdQuerySchema, {
    businessId: new URL(request.url).searchParams.get("businessId") ?? undefined,
  });
  const page = parsePage(request);
  return wholeListResponse(await listWebhookEndpoints(context.db(), user, businessId), page);
});

/** POST /api/webhooks {businessId, url, events, description?}: registers an endpoint; its signing secret is returned. */
export const action = createOnPost(
  sessionCaller,
  async ({ db, user, request, context }) => {
    const input = parseWith(WebhookEndpointCreateSchema, await readJsonBody(request));
    return createWebhookEndpoint(db, user, input.businessId, input, webhookDestinationRules(context.cloudflare.env));
  },
  { allow: ["GET", "POST"], secretFields: ["secret"] },
);
