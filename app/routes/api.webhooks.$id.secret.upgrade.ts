import { switchToStandardWebhooks } from "~/domain/integrations/webhooks.server";
import { postOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/webhooks/{id}/secret/upgrade: moves a legacy endpoint to Standard Webhooks signatures
 * with a new secret, in this answer (decision 077); 409 when it already uses them.
 */
export const action = postOnId(sessionCaller, ({ db, user, id }) => switchToStandardWebhooks(db, user, id));
