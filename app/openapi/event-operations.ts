import * as z from "zod";
import { WEBHOOK_EVENT_TYPES } from "../../db/enums";
import { EVENT_READ_SCOPES, EVENTS_KEPT_DAYS, PERSONAL_KEY_EVENTS_ONLY } from "../domain/integrations/event-feed.server";
import { EVENT_ID_PATTERN, EVENT_PAGE_DEFAULT, EVENT_PAGE_MAX } from "../validation/events";
import { CALENDAR_DATE_PATTERN, timestampPattern } from "../validation/json-schema-rules";
import type { Operation } from "./document.server";
import { WEBHOOK_EVENTS } from "./schemas";

/** GET /api/events, the event feed (issue 19, decision 078), in the OpenAPI document. */

const cursor = (description: string) =>
  z.string().regex(EVENT_ID_PATTERN).optional().meta({ description, example: "evt_7hK2mP9qR4sT6vW8xY0zA1bC" });
/** What EventQuerySchema's time takes: a date of the calendar, or a timestamp with its zone. */
const time = (description: string, example: string) =>
  z
    .string()
    .optional()
    .meta({ description, example, override: { anyOf: [{ pattern: CALENDAR_DATE_PATTERN }, { pattern: timestampPattern(9) }] } });

const eventQuery = z.object({
  limit: z
    .int()
    .min(1)
    .max(EVENT_PAGE_MAX)
    .default(EVENT_PAGE_DEFAULT)
    .meta({ description: `Page size, 1 to ${EVENT_PAGE_MAX}` }),
  startingAfter: cursor("An event id: the events just older than it (the next page back). Not with endingBefore."),
  endingBefore: cursor(
    "An event id: the events just newer than it, the oldest first in line (still listed newest first): poll with the newest id you have seen to get what is new, missing nothing.",
  ),
  type: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .optional()
    .meta({ description: "Only these types: repeat the parameter or separate types with commas", example: ["referral.created"] }),
  createdFrom: time(
    "Only events created at or after this time (ISO 8601 with Z or an offset, or a date: midnight UTC)",
    "2026-11-01T00:00:00Z",
  ),
  createdBefore: time("Only events created before this time (ISO 8601, or a date)", "2026-11-24"),
  businessId: z.int().positive().optional().meta({
    description:
      "With a session: a business you own or are a team admin of (without it: your own connector's events). A business key: its own business only.",
  }),
});

/** Every event type's schema, as the webhooks document them: an item of the feed is one of them. */
const schemas = WEBHOOK_EVENT_TYPES.map((type) => WEBHOOK_EVENTS[type].schema);
const FeedEventSchema = z.union(schemas as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);

export const EVENT_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/events",
    operationId: "listEvents",
    tag: "Events",
    summary: "List events (the event feed)",
    description: `The events the webhooks carry, newest first, each exactly the JSON body its deliveries POST (the same id as their webhook-id header, so a receiver can reconcile what it missed). Every event is listed, whether or not an endpoint subscribes to its type; events are kept ${EVENTS_KEPT_DAYS} days. Paged by event id, stable while events arrive: follow the Link header's rel="next" (startingAfter=the last id) for older pages, and to poll for new events ask endingBefore=the newest id you have (following rel="next" while there is one). Whose: a business key, its business's events, only the types its scopes can read (referral.* referrals:read, team_member.* team:read, commission.* and payout.recorded commissions:read); a personal key, or a session without businessId, the events about your own connector profile (referral, commission and payout events; never team events); a session with businessId, that business's (its owner and team admins).`,
    auth: { kind: "key", scope: EVENT_READ_SCOPES },
    query: eventQuery,
    success: {
      status: 200,
      description: "A page of events, newest first (empty past the last)",
      schema: z.array(FeedEventSchema),
      example: [WEBHOOK_EVENTS["referral.created"].example],
      headers: { Link: { $ref: "#/components/headers/Link" } },
    },
    errors: {
      400: [
        ["A type is unknown, a time is not ISO 8601, limit is out of range, or both cursors were given", "Validation failed"],
        ["startingAfter or endingBefore is not an event of this feed (another's, or older than 30 days)", "Validation failed"],
      ],
      403: [
        ["A personal API key named a businessId", PERSONAL_KEY_EVENTS_ONLY],
        [
          "An API key asked for a type its scopes cannot read (e.g. team_member.added without team:read)",
          "This API key lacks the team:read scope",
        ],
        ["You are on the business's team but not its owner or a team admin", "You do not have permission to do this"],
      ],
      404: [["No such business, or you are not on its team (a business key: not its business)", "Business not found"]],
    },
  },
];
