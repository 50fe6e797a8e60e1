import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getConnectorWithReputation } from "~/domain/parties/connectors.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";

/** GET /api/connectors/user/{userId}: the user themself or a platform admin; anyone else 404. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const userId = idOrNotFound(params.userId);
  if (userId !== user.id && !user.isAdmin) throw notFound("Connector profile not found");
  const connector = await getConnectorWithReputation(context.db(), user, userId);
  if (!connector) throw notFound("Connector profile not found");
  return jsonResponse(connector);
});

export const action = () => methodNotAllowed(["GET"]);
