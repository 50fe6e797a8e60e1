import * as z from "zod";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DELIVERY_TRIGGERS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_SCHEMES,
  WEBHOOK_STORED_EVENT_TYPES,
} from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { rowId, timestamp } from "../../validation/response-fields";

/**
 * What the API answers for a webhook endpoint (toWebhookEndpointDto in ./webhooks.server) and a
 * delivery (toDeliveryDto in ./webhook-deliveries.server), as the OpenAPI document and the tests read
 * them (issue 36): strict, so a field a DTO adds and its schema lacks fails a test.
 */

export const webhookEndpointSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Webhook endpoint id"),
      businessId: rowId("Business id"),
      url: z.string(),
      description: z.string().nullable(),
      events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
      secret: z.string().meta({ description: "Signs every delivery (whsec_...); see Webhooks > Verifying signatures" }),
      signatureScheme: z.enum(WEBHOOK_SIGNATURE_SCHEMES).meta({
        description:
          "standard: Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature: v1,<base64>), verifiable with the standardwebhooks or svix libraries; every endpoint made since 2026-11-24. legacy: Webhook-Signature: t=<unix seconds>,v1=<hex>, for endpoints made before, sent until 2027-05-31 or until POST /api/webhooks/{id}/secret/upgrade",
      }),
      legacySignaturesUntil: z.iso.datetime().nullable().meta({
        description:
          "For a legacy endpoint, when its legacy signatures stop (switch before with POST /api/webhooks/{id}/secret/upgrade); null for a standard one",
      }),
      previousSecretExpiresAt: z.iso.datetime().nullable().meta({
        description:
          "After POST /api/webhooks/{id}/secret/rotate: until then deliveries carry a second v1 signature made with the previous secret; null when none does",
      }),
      createdAt: timestamp(),
    })
    .meta({ id: "WebhookEndpoint" }),
);
export const webhookEndpointCreatedSchema = lazy(() =>
  webhookEndpointSchema()
    .extend({
      secret: z.string().nullable().meta({
        description:
          "Signs every delivery (whsec_...). null in an Idempotency-Key replay (Idempotent-Replayed: true): secrets are never stored for replays; read it with GET /api/webhooks/{id}.",
      }),
    })
    .meta({ id: "WebhookEndpointCreated" }),
);
export const webhookEndpointExample: z.infer<ReturnType<typeof webhookEndpointSchema>> = {
  id: 4,
  businessId: 1,
  url: "https://crm.acme.example.com/hooks/warm-intros",
  description: "CRM",
  events: ["referral.created", "referral.status_changed"],
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1Rr0e6Pg0bA=",
  signatureScheme: "standard",
  legacySignaturesUntil: null,
  previousSecretExpiresAt: null,
  createdAt: "2026-03-01T12:05:00.000Z",
};

export const webhookDeliverySchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Delivery id (the Webhook-Delivery header)"),
      endpointId: rowId("Webhook endpoint id"),
      eventId: z.string().meta({ description: "The event id (evt_...; the Webhook-Id header)" }),
      eventType: z
        .enum(WEBHOOK_STORED_EVENT_TYPES)
        .meta({ description: "The event's type; ping for a test event (POST /api/webhooks/{id}/test)" }),
      trigger: z.enum(WEBHOOK_DELIVERY_TRIGGERS).meta({
        description:
          "Why the delivery exists: event (the endpoint subscribes to the event's type), test (a test event), redelivery (the event redelivered by hand with POST /api/webhooks/{id}/deliveries)",
      }),
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      attempts: z.int(),
      responseStatus: z.int().nullable().meta({ description: "Your endpoint's last HTTP status" }),
      lastError: z.string().nullable().meta({
        description:
          "Why the last attempt failed, as a classification (never your endpoint's answer): http_<status> (a non-2xx, non-3xx answer), redirect (a 3xx; redirects are not followed), timeout (no answer in 10 s), network_error, dns_error (the endpoint's name could not be resolved right before the send; retried), blocked_destination (the URL is refused, or its name resolves to a private or special-purpose address; not retried), endpoint_removed",
        example: "http_503",
      }),
      durationMs: z.int().nullable(),
      lastAttemptAt: z.iso.datetime().nullable(),
      nextAttemptAt: z.iso.datetime().nullable().meta({ description: "When a pending delivery is tried next" }),
      createdAt: timestamp(),
    })
    .meta({ id: "WebhookDelivery" }),
);
export const webhookDeliveryExample: z.infer<ReturnType<typeof webhookDeliverySchema>> = {
  id: 120,
  endpointId: 4,
  eventId: "evt_3kP9xQ2mL7vN1bR8tY5wZ0cD",
  eventType: "referral.created",
  trigger: "event",
  status: "pending",
  attempts: 2,
  responseStatus: 503,
  lastError: "http_503",
  durationMs: 184,
  lastAttemptAt: "2026-03-14T09:31:00.000Z",
  nextAttemptAt: "2026-03-14T09:32:00.000Z",
  createdAt: "2026-03-14T09:30:00.000Z",
};

/** The test event's id in the examples: the Webhooks section's ping and the delivery that carries it. */
export const PING_EXAMPLE_EVENT_ID = "evt_1aB3cD5eF7gH9iJ1kL3mN5oP";
