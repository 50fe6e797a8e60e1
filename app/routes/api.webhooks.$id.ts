import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { deleteWebhookEndpoint, getWebhookEndpoint } from "~/domain/integrations/webhooks.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

/** GET /api/webhooks/{id}: one endpoint with its signing secret (owner and team admins). */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  return jsonResponse(await getWebhookEndpoint(context.db(), user, idOrNotFound(params.id)));
});

/** DELETE /api/webhooks/{id}: removes the endpoint and its delivery log. */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const user = await requireApiUser(request, context);
  return jsonResponse(await deleteWebhookEndpoint(context.db(), user, idOrNotFound(params.id)));
});
