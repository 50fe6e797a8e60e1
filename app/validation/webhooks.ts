import * as z from "zod";
import { WEBHOOK_EVENT_TYPES } from "../../db/enums";
import { optionalSingleLineString, requiredString, singleLineString } from "./fields";
import { SINGLE_LINE_TEXT_SOURCE } from "./portable-patterns";

export const URL_REQUIRED = "Please enter the endpoint URL";
export const URL_INVALID = "Please enter a valid URL";
export const EVENTS_REQUIRED = "Please choose at least one event";

/** What a single-line field refuses, as a class body (`[^…]` of SINGLE_LINE_TEXT_SOURCE). */
const NOT_SINGLE_LINE = SINGLE_LINE_TEXT_SOURCE.slice("^[^".length, -"]*$".length);
/** The rest of a URL (path, query, fragment), on one line. */
const REST_ON_ONE_LINE = `(?:[/?#][^${NOT_SINGLE_LINE}]*)?`;
/** https to a host named or in brackets, no credentials, no port but 443. */
const PUBLIC_HTTPS = `[Hh][Tt][Tt][Pp][Ss]://(?:[^/?#@:\\[\\]${NOT_SINGLE_LINE}]+|\\[[0-9A-Fa-f:.]+\\])(?::443)?`;
/** What a development server also takes (webhookUrlProblem's allowLocalhost): http or https to this machine, any port. */
const LOOPBACK = "[Hh][Tt][Tt][Pp][Ss]?://(?:[Ll][Oo][Cc][Aa][Ll][Hh][Oo][Ss][Tt]|127\\.0\\.0\\.1|\\[::1\\])\\.*(?::[0-9]+)?";
/** A webhook URL as one anchored pattern that says the field's every rule but the host's address (decision 155). */
const WEBHOOK_URL = `^(?:${PUBLIC_HTTPS}|${LOOPBACK})${REST_ON_ONE_LINE}$`;

/** Register a webhook endpoint. Where it may point (https, no private address) is checked on the server. */
export const WebhookEndpointSchema = z.object({
  url: singleLineString(URL_REQUIRED)
    .trim()
    .min(1, { error: URL_REQUIRED, abort: true })
    .max(2000, "URL must be at most 2000 characters")
    .refine((value) => URL.canParse(value), URL_INVALID)
    .meta({
      // The document says what the route then checks too (webhookUrlProblem): https, no credentials, port 443.
      override: ({ jsonSchema }) => {
        jsonSchema.format = "uri";
        // It implies the single-line and the non-blank rules: it stands for them.
        jsonSchema.pattern = WEBHOOK_URL;
        delete jsonSchema.allOf;
      },
    }),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Unknown event" }), { error: EVENTS_REQUIRED })
    .min(1, EVENTS_REQUIRED)
    .transform((events) => [...new Set(events)]),
  description: optionalSingleLineString().pipe(z.string().max(200, "Description must be at most 200 characters").optional()),
  businessId: z.number({ error: "businessId must be a positive whole number" }).int().positive().optional(),
});
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointSchema>;

/** The API names the business in the body; the screen takes it from the signed-in user's workplace. */
export const WebhookEndpointCreateSchema = WebhookEndpointSchema.extend({
  businessId: z.number({ error: "businessId must be a positive whole number" }).int().positive(),
});

export const EVENT_ID_REQUIRED = "Please enter an event id";
export const EVENT_ID_INVALID = "Event ids look like evt_ followed by letters and digits";

/** Redeliver a stored event to an endpoint (issue 19): the event's id, as the log and the deliveries show it. */
export const RedeliverEventSchema = z.object({
  eventId: requiredString(EVENT_ID_REQUIRED)
    .trim()
    .min(1, { error: EVENT_ID_REQUIRED, abort: true })
    .max(100, EVENT_ID_INVALID)
    .regex(/^evt_[A-Za-z0-9_-]+$/, EVENT_ID_INVALID),
});
