import { resendDelivery } from "~/domain/integrations/webhook-deliveries.server";
import { postOnId, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/webhook-deliveries/{id}/resend: queues the delivery again now and sends it after the response. */
export const action = postOnId(sessionCaller, ({ db, user, id }) => resendDelivery(db, user, id), { status: 202 });
