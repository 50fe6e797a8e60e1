import * as z from "zod";
import { ApiKeyCreateSchema } from "./api-keys";
import { RedeliverEventSchema, WebhookEndpointSchema } from "./webhooks";

/**
 * The screens' forms for keys and webhooks: the API's schemas without `businessId`, which a screen
 * takes from the business it shows (or null, for personal keys), never from the form.
 */
export const ApiKeyFormSchema = ApiKeyCreateSchema.omit({ businessId: true });
export const WebhookFormSchema = WebhookEndpointSchema.omit({ businessId: true });

/** The key forms' intents, on /business/api and /settings/api-keys. */
export const API_KEY_INTENTS = ["create-key", "revoke-key"] as const;

/** A row's id never fails the form: a bad one is 0, which the action answers as a row not found. */
const RowId = z
  .unknown()
  .optional()
  .transform((value) => {
    const id = Number(value);
    return Number.isInteger(id) && id > 0 ? id : 0;
  });

/** The forms of /business/api by intent. The key forms' fields are apiKeyFormAction's to read. */
export const ApiScreenFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(API_KEY_INTENTS) }),
  WebhookFormSchema.extend({ intent: z.literal("create-webhook") }),
  z.object({ intent: z.literal("delete-webhook"), endpointId: RowId }),
  z.object({ intent: z.literal("rotate-webhook-secret"), endpointId: RowId }),
  z.object({ intent: z.literal("upgrade-webhook-signing"), endpointId: RowId }),
  z.object({ intent: z.literal("resend-delivery"), deliveryId: RowId }),
  z.object({ intent: z.literal("send-test-event"), endpointId: RowId }),
  RedeliverEventSchema.extend({ intent: z.literal("redeliver-event"), endpointId: RowId }),
]);
