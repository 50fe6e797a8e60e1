import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type EventPage, listEvents } from "~/domain/integrations/event-feed.server";
import { requireApiUser } from "~/http/api-auth.server";
import { signedInFirst } from "~/http/api-routes.server";
import { apiHandler, methodNotAllowed, parseWith } from "~/utils/api.server";
import { EventQuerySchema, eventQueryInput } from "~/validation/events";

/**
 * GET /api/events: the event feed (issue 19, decision 078). The caller's events newest first, each
 * the very JSON its webhook deliveries carry; paged by event id (`startingAfter` older,
 * `endingBefore` newer), with the next page in a `Link: <…>; rel="next"` header while there is one.
 */
// A key with any read scope may call (EVENT_READ_SCOPES); its scopes decide which types it sees.
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const query = await signedInFirst(
    () => parseQuery(url),
    () => requireApiUser(request, context, ["referrals:read", "team:read", "commissions:read"]),
  );
  const user = await requireApiUser(request, context, ["referrals:read", "team:read", "commissions:read"]);
  const page = await listEvents(context.db(), user, query);
  return feedResponse(url, page);
});

export const action = () => methodNotAllowed(["GET"]);

const parseQuery = (url: URL) => parseWith(EventQuerySchema, eventQueryInput(url.searchParams));

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
