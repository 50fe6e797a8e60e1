import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createApiKey, listApiKeys } from "~/domain/integrations/api-keys.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, listResponse, methodNotAllowed, parsePage, parseWith, readJsonBody } from "~/utils/api.server";
import { idempotent } from "~/utils/idempotency.server";
import { ApiKeyCreateSchema } from "~/validation/api-keys";
import { BusinessIdQuerySchema } from "~/validation/fields";

/** `?businessId=N`: that business's keys; without it, the caller's personal keys. */
function businessIdParam(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("businessId");
  return raw === null ? null : parseWith(BusinessIdQuerySchema, { businessId: raw }).businessId;
}

/** GET /api/api-keys[?businessId=]: keys (never their secrets) for the business's owner and admins, or one's own. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const businessId = businessIdParam(request);
  const { limit, offset } = parsePage(request);
  const keys = await listApiKeys(context.db(), user, businessId);
  return listResponse(keys.slice(offset, offset + limit), keys.length);
});

/** POST /api/api-keys {name, scopes, businessId?}: the full key is in this response and nowhere else. */
export const action = apiHandler(
  idempotent(
    async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
      const user = await requireApiUser(request, context);
      const created = await createApiKey(context.db(), user, parseWith(ApiKeyCreateSchema, await readJsonBody(request)));
      return jsonResponse({ ...created.apiKey, key: created.key }, { status: 201 });
    },
    { secretFields: ["key"] },
  ),
);
