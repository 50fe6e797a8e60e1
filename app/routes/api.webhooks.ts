import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/models/webhooks.server";
import { apiHandler, jsonResponse, listResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { AppError, badRequest } from "~/utils/errors.server";
import { idempotent } from "~/utils/idempotency.server";
import { allowsLocalWebhooks } from "~/utils/webhook-dispatch.server";
import { WebhookEndpointSchema } from "~/validation/webhooks";

function requiredBusinessId(value: unknown): number {
  const id = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) {
    throw badRequest("Validation failed", { businessId: ["businessId must be a positive whole number"] });
  }
  return id;
}

/** GET /api/webhooks?businessId=N: the business's endpoints (owner and team admins). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const businessId = requiredBusinessId(new URL(request.url).searchParams.get("businessId"));
  const endpoints = await listWebhookEndpoints(context.db(), user, businessId);
  return listResponse(endpoints, endpoints.length);
});

/** POST /api/webhooks {businessId, url, events, description?}: registers an endpoint; its signing secret is returned. */
export const action = apiHandler(
  idempotent(async ({ request, context }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const user = await requireApiUser(request, context);
    const input = parseWith(WebhookEndpointSchema, await readJsonBody(request));
    if (input.businessId === undefined) {
      throw new AppError(400, "Validation failed", { businessId: ["businessId must be a positive whole number"] });
    }
    const endpoint = await createWebhookEndpoint(context.db(), user, input.businessId, input, {
      allowLocalhost: allowsLocalWebhooks(context.cloudflare.env),
    });
    return jsonResponse(endpoint, { status: 201 });
  }),
);
