import { revokeApiKey } from "~/domain/integrations/api-keys.server";
import { deleteOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["DELETE"]);

/** DELETE /api/api-keys/{id}: revokes the key at once (its next use is a 401). */
export const action = deleteOnId(sessionCaller, revokeApiKey);
