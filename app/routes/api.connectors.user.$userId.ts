import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { connectorExample, connectorSchema } from "~/domain/parties/connector-schema";
import { getConnectorWithReputation } from "~/domain/parties/connectors.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";

export const contract = defineContract("/api/connectors/user/{userId}", {
  get: {
    operationId: "getConnectorByUser",
    tag: "Connectors",
    auth: { kind: "session" },
    path_params: { userId: "User id" },
    docs: () => ({
      summary: "Get a user's connector profile",
      description: "Your own (this is how you learn your connector id), or any for a platform admin.",
      success: { status: 200, description: "The connector profile", schema: connectorSchema(), example: connectorExample },
      errors: { 404: [["No profile, or not yours", "Connector profile not found"]] },
    }),
  },
});

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
