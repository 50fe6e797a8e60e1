import { ApiKeyCreateSchema } from "./api-keys";
import { WebhookEndpointSchema } from "./webhooks";

/**
 * The screens' forms for keys and webhooks: the API's schemas without `businessId`, which a screen
 * takes from the business it shows (or null, for personal keys), never from the form.
 */
export const ApiKeyFormSchema = ApiKeyCreateSchema.omit({ businessId: true });
export const WebhookFormSchema = WebhookEndpointSchema.omit({ businessId: true });
