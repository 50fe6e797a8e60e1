import { rotateWebhookSecret } from "~/domain/integrations/webhooks.server";
import { postOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/webhooks/{id}/secret/rotate: a new signing secret, in this answer (and readable with GET
 * /api/webhooks/{id}); the previous one keeps signing too for 24 hours (decision 052).
 */
export const action = postOnId(sessionCaller, ({ db, user, id }) => rotateWebhookSecret(db, user, id));
