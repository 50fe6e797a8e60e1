import { deleteWebhookEndpoint, getWebhookEndpoint } from "~/domain/integrations/webhooks.server";
import { deleteOnId, getOnId, sessionCaller } from "~/http/api-routes.server";

/** GET /api/webhooks/{id}: one endpoint with its signing secret (owner and team admins). */
export const loader = getOnId(sessionCaller, getWebhookEndpoint);

/** DELETE /api/webhooks/{id}: removes the endpoint and its delivery log. */
export const action = deleteOnId(sessionCaller, deleteWebhookEndpoint, ["GET", "DELETE"]);
