import { apiKeyExample, apiKeySchema } from "~/domain/integrations/api-key-schema";
import { revokeApiKey } from "~/domain/integrations/api-keys.server";
import { defineContract } from "~/http/api-contract";
import { deleteOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/api-keys/{id}", {
  delete: {
    operationId: "revokeApiKey",
    tag: "API keys",
    auth: { kind: "session" },
    path_params: { id: "API key id" },
    docs: () => ({
      summary: "Revoke an API key",
      description: "Revokes at once: the key's next use is a 401. The key stays in the list with its revokedAt.",
      success: {
        status: 200,
        description: "The revoked key",
        schema: apiKeySchema(),
        example: { ...apiKeyExample, revokedAt: "2026-04-01T08:00:00.000Z" },
      },
      errors: {
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such key, or not yours to manage", "API key not found"]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["DELETE"]);

/** DELETE /api/api-keys/{id}: revokes the key at once (its next use is a 401). */
export const action = deleteOnId(sessionCaller, revokeApiKey);
