import { sendTestEvent } from "~/domain/integrations/webhook-deliveries.server";
import { postOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/webhooks/{id}/test: queues a signed `ping` event to this endpoint (decision 079); the
 * scheduled job sends it within a minute, like every delivery. Answers the delivery, as the log shows it.
 */
export const action = postOnId(sessionCaller, ({ db, user, id }) => sendTestEvent(db, user, id), { status: 202 });
