import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createApiKey, listApiKeys } from "~/domain/integrations/api-keys.server";
import { requireApiUser } from "~/http/api-auth.server";
import { createOnPost, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, parsePage, parseWith, readJsonBody, wholeListResponse } from "~/utils/api.server";
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
  const page = parsePage(request);
  return wholeListResponse(await listApiKeys(context.db(), user, businessId), page);
});

/** POST /api/api-keys {name, scopes, businessId?}: the full key is in this response and nowhere else. */
export const action = createOnPost(
  sessionCaller,
  async ({ db, user, request }) => {
    const created = await createApiKey(db, user, parseWith(ApiKeyCreateSchema, await readJsonBody(request)));
    return { ...created.apiKey, key: created.key };
  },
  { allow: ["GET", "POST"], secretFields: ["key"] },
);
