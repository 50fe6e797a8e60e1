import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { WEBHOOK_EVENT_TYPES } from "~/../db/enums";
import {
  EVENT_READ_SCOPES,
  EVENTS_KEPT_DAYS,
  type EventPage,
  listEvents,
  PERSONAL_KEY_EVENTS_ONLY,
} from "~/domain/integrations/event-feed.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { signedInFirst } from "~/http/api-routes.server";
import { webhookEvents } from "~/openapi/webhook-payloads";
import { apiHandler, methodNotAllowed, parseWith } from "~/utils/api.server";
import { EVENT_PAGE_MAX, EventQuerySchema, eventQueryInput } from "~/validation/events";
import { CALENDAR_DATE_PATTERN, timestampPattern } from "~/validation/json-schema-rules";

/**
 * GET /api/events: the event feed (issue 19, decision 078). The caller's events newest first, each
 * the very JSON its webhook deliveries carry; paged by event id (`startingAfter` older,
 * `endingBefore` newer), with the next page in a `Link: <…>; rel="next"` header while there is one.
 */
const CURSOR_EXAMPLE = "evt_7hK2mP9qR4sT6vW8xY0zA1bC";
/** What EventQuerySchema's times take (their refine is invisible to JSON Schema): a calendar date, or a timestamp with its zone. */
const TIME_PATTERNS = { anyOf: [{ pattern: CALENDAR_DATE_PATTERN }, { pattern: timestampPattern(9) }] };

// A key with any read scope may call (EVENT_READ_SCOPES); its scopes decide which types it sees.
export const contract = defineContract("/api/events", {
  get: {
    operationId: "listEvents",
    tag: "Events",
    auth: { kind: "key", scope: EVENT_READ_SCOPES },
    query: EventQuerySchema,
    docs: () => ({
      summary: "List events (the event feed)",
      description: `The events the webhooks carry, newest first, each exactly the JSON body its deliveries POST (the same id as their webhook-id header, so a receiver can reconcile what it missed). Every event is listed, whether or not an endpoint subscribes to its type; events are kept ${EVENTS_KEPT_DAYS} days. Paged by event id, stable while events arrive: follow the Link header's rel="next" (startingAfter=the last id) for older pages, and to poll for new events ask endingBefore=the newest id you have (following rel="next" while there is one). Whose: a business key, its business's events, only the types its scopes can read (referral.* referrals:read, team_member.* team:read, commission.*, payout.recorded and payout.requested commissions:read); a personal key, or a session without businessId, the events about your own connector profile (referral, commission and payout events; never team events); a session with businessId, that business's (its owner and team admins).`,
      queryDocs: {
        limit: { description: `Page size, 1 to ${EVENT_PAGE_MAX}` },
        startingAfter: {
          description: "An event id: the events just older than it (the next page back). Not with endingBefore.",
          example: CURSOR_EXAMPLE,
        },
        endingBefore: {
          description:
            "An event id: the events just newer than it, the oldest first in line (still listed newest first): poll with the newest id you have seen to get what is new, missing nothing.",
          example: CURSOR_EXAMPLE,
        },
        type: {
          description: "Only these types: repeat the parameter or separate types with commas",
          example: ["referral.created"],
          // The schema takes any text and refines it to the types, which JSON Schema would not show.
          override: { items: { type: "string", enum: [...WEBHOOK_EVENT_TYPES] } },
        },
        createdFrom: {
          description: "Only events created at or after this time (ISO 8601 with Z or an offset, or a date: midnight UTC)",
          example: "2026-11-01T00:00:00Z",
          override: TIME_PATTERNS,
        },
        createdBefore: {
          description: "Only events created before this time (ISO 8601, or a date)",
          example: "2026-11-24",
          override: TIME_PATTERNS,
        },
        businessId: {
          description:
            "With a session: a business you own or are a team admin of (without it: your own connector's events). A business key: its own business only.",
        },
      },
      success: {
        status: 200,
        description: "A page of events, newest first (empty past the last)",
        // Every event type's schema, as the webhooks document them: an item of the feed is one of them.
        schema: z.array(
          z.union(
            WEBHOOK_EVENT_TYPES.map((type) => webhookEvents()[type].schema) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]],
          ),
        ),
        example: [webhookEvents()["referral.created"].example],
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
    }),
  },
});

export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const query = await signedInFirst(
    () => parseQuery(url),
    () => requireApiUser(request, context, contract.get.auth.scope),
  );
  const user = await requireApiUser(request, context, contract.get.auth.scope);
  const page = await listEvents(context.db(), user, query);
  return feedResponse(url, page);
});

export const action = () => methodNotAllowed(["GET"]);

const parseQuery = (url: URL) => parseWith(contract.get.query, eventQueryInput(url.searchParams));

/** The stored payloads joined as they are (no parse and re-stringify): byte for byte the webhook bodies. */
function feedResponse(url: URL, page: EventPage): Response {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  const edge = page.direction === "older" ? page.items.at(-1) : page.items[0];
  if (page.hasMore && edge) {
    const next = new URL(url);
    next.searchParams.delete("startingAfter");
    next.searchParams.delete("endingBefore");
    next.searchParams.set(page.direction === "older" ? "startingAfter" : "endingBefore", edge.id);
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
    headers.set("Access-Control-Expose-Headers", "Link");
  }
  return new Response(`[${page.items.map((e) => e.payload).join(",")}]`, { headers });
}
