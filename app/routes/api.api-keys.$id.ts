import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { revokeApiKey } from "~/domain/integrations/api-keys.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["DELETE"]);

/** DELETE /api/api-keys/{id}: revokes the key at once (its next use is a 401). */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireApiUser(request, context);
  return jsonResponse(await revokeApiKey(context.db(), user, idOrNotFound(params.id)));
});
