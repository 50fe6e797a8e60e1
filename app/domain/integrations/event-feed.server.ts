import { and, asc, desc, eq, gt, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { type ApiScope, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../../db/enums";
import { connectors, webhookEvents } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { badRequest, forbidden, notFound } from "../../utils/errors.server";
import type { SessionUser } from "../../utils/session.server";
import { EVENTS_KEPT_DAYS, type EventQuery } from "../../validation/events";
import { requireBusinessRole } from "../parties/access.server";

/**
 * The event feed, GET /api/events (issue 19, decision 078): the events the webhooks carry, newest
 * first, paged by event id. Ordered by `seq` (commit order), so a page boundary never moves when
 * events arrive; kept EVENTS_KEPT_DAYS days.
 */

export { EVENTS_KEPT_DAYS };
/** Events deleted per scheduled run at most (deliveries go with them): a run stays short. */
export const EVENT_PRUNE_CHUNK = 1000;

/** Which read scope an API key needs to see each type: what it could read through the API anyway. */
export const EVENT_TYPE_SCOPES: Record<WebhookEventType, ApiScope> = {
  "referral.created": "referrals:read",
  "referral.status_changed": "referrals:read",
  "referral.consent_changed": "referrals:read",
  "referral.updated": "referrals:read",
  "referral.message_posted": "referrals:read",
  "team_member.added": "team:read",
  "team_member.invitation_resent": "team:read",
  "team_member.joined": "team:read",
  "team_member.removed": "team:read",
  // A business's profile is public (Browse Businesses): the scope every business key reading referrals has.
  "business.updated": "referrals:read",
  "commission.created": "commissions:read",
  "commission.payable": "commissions:read",
  "commission.reversed": "commissions:read",
  "payout.recorded": "commissions:read",
  "payout.requested": "commissions:read",
  "dispute.opened": "referrals:read",
  "dispute.answered": "referrals:read",
  "dispute.resolved": "referrals:read",
  "payout.voided": "commissions:read",
};
/** An API key with any of these may read the feed (and sees the types its scopes allow). */
export const EVENT_READ_SCOPES = ["referrals:read", "team:read", "commissions:read"] as const satisfies readonly ApiScope[];

/** Team and business-profile events concern the business, never a connector: a connector's feed has none. */
const CONNECTOR_TYPES = WEBHOOK_EVENT_TYPES.filter((t) => !t.startsWith("team_member.") && !t.startsWith("business."));

export const PERSONAL_KEY_EVENTS_ONLY = "A personal API key reads its own connector's events only";
export const UNKNOWN_CURSOR = `is not an event in this feed (events are kept ${EVENTS_KEPT_DAYS} days)`;

type Actor = Pick<SessionUser, "id" | "isAdmin" | "apiKey">;

/** Whose events: a business's (its owner, team admins, its key), or the caller's own connector's. */
export type EventFeedScope = { by: "business"; businessId: number } | { by: "connector"; userId: number };

/**
 * The caller's feed and the types it may see (decision 078). A business key reads its business (a
 * `businessId` of another: 404); a personal key its connector (any `businessId`: 403); a session its
 * own connector's events, or with `businessId` a business it owns or is a team admin of (others: 404,
 * a plain member: 403). A key's scopes narrow the types; asking for a type it may not see is a 403.
 */
export async function eventFeedScope(
  db: Database,
  actor: Actor,
  query: { businessId?: number; type?: WebhookEventType[] },
): Promise<{ scope: EventFeedScope; types: WebhookEventType[] }> {
  const key = actor.apiKey;
  let scope: EventFeedScope;
  let visible: readonly WebhookEventType[];
  if (key?.businessId != null) {
    if (query.businessId !== undefined && query.businessId !== key.businessId) throw notFound("Business not found");
    scope = { by: "business", businessId: key.businessId };
    visible = WEBHOOK_EVENT_TYPES;
  } else if (key) {
    if (query.businessId !== undefined) throw forbidden(PERSONAL_KEY_EVENTS_ONLY);
    scope = { by: "connector", userId: actor.id };
    visible = CONNECTOR_TYPES;
  } else if (query.businessId !== undefined) {
    await requireBusinessRole(db, actor, query.businessId, "admin");
    scope = { by: "business", businessId: query.businessId };
    visible = WEBHOOK_EVENT_TYPES;
  } else {
    scope = { by: "connector", userId: actor.id };
    visible = CONNECTOR_TYPES;
  }
  if (key) {
    const denied = query.type?.find((t) => !key.scopes.includes(EVENT_TYPE_SCOPES[t]));
    if (denied) throw forbidden(`This API key lacks the ${EVENT_TYPE_SCOPES[denied]} scope`);
    visible = visible.filter((t) => key.scopes.includes(EVENT_TYPE_SCOPES[t]));
  }
  const types = query.type ? visible.filter((t) => query.type?.includes(t)) : [...visible];
  return { scope, types };
}

function scopeCondition(scope: EventFeedScope): SQL {
  return scope.by === "business"
    ? eq(webhookEvents.businessId, scope.businessId)
    : eq(
        webhookEvents.connectorId,
        sql`(select ${connectors.id} from ${connectors} where ${connectors.userId} = ${scope.userId})`,
      );
}

/** One event of the feed: `payload` is the stored JSON text, the very body its webhook deliveries carry. */
export type FeedEvent = { id: string; type: WebhookEventType; createdAt: Date; payload: string };
export type EventPage = { items: FeedEvent[]; hasMore: boolean; direction: "older" | "newer" };

/**
 * A page of the caller's feed, newest first. `startingAfter` (an event id): the events just older
 * than it; `endingBefore`: the ones just newer (the oldest `limit` of them, so polling forward
 * misses none). `hasMore`: more lie beyond in the direction paged. One batch: the cursor's place
 * and the page.
 */
export async function listEvents(
  db: Database,
  actor: Actor,
  query: Omit<EventQuery, "limit"> & { limit: number },
): Promise<EventPage> {
  const { scope, types } = await eventFeedScope(db, actor, query);
  const inScope = scopeCondition(scope);
  const cursorId = query.startingAfter ?? query.endingBefore;
  const cursorField = query.startingAfter ? "startingAfter" : "endingBefore";
  const newer = query.endingBefore !== undefined;
  const cursorSeq = db
    .select({ seq: webhookEvents.seq })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, cursorId ?? ""), inScope));
  const conditions = [
    inScope,
    // Only the feed's types (never a ping, say); none left (a key's scopes, a filter): nothing.
    types.length ? inArray(webhookEvents.type, types) : sql`0`,
    query.createdFrom ? gte(webhookEvents.createdAt, query.createdFrom) : undefined,
    query.createdBefore ? lt(webhookEvents.createdAt, query.createdBefore) : undefined,
    cursorId === undefined
      ? undefined
      : newer
        ? gt(webhookEvents.seq, sql`(${cursorSeq})`)
        : lt(webhookEvents.seq, sql`(${cursorSeq})`),
  ];
  const page = db
    .select({
      id: webhookEvents.id,
      type: webhookEvents.type,
      createdAt: webhookEvents.createdAt,
      payload: webhookEvents.payload,
    })
    .from(webhookEvents)
    .where(and(...conditions))
    .orderBy(newer ? asc(webhookEvents.seq) : desc(webhookEvents.seq))
    .limit(query.limit + 1);
  // The type condition above keeps pings (a stored type outside the feed's) out of the rows.
  let rows: FeedEvent[];
  if (cursorId === undefined) {
    rows = (await page) as FeedEvent[];
  } else {
    const [found, pageRows] = await db.batch([cursorSeq, page]);
    if (!found[0]) throw badRequest("Validation failed", { [cursorField]: [`${cursorField} ${UNKNOWN_CURSOR}`] });
    rows = pageRows as FeedEvent[];
  }
  const hasMore = rows.length > query.limit;
  const items = rows.slice(0, query.limit);
  if (newer) items.reverse();
  return { items, hasMore, direction: newer ? "newer" : "older" };
}

/**
 * Deletes up to EVENT_PRUNE_CHUNK events older than EVENTS_KEPT_DAYS days, oldest first (their
 * deliveries cascade). Unexecuted: it joins the scheduled prune's batch.
 */
export function expiredEventsStatement(db: Database, now = Date.now()) {
  const cutoff = new Date(now - EVENTS_KEPT_DAYS * 24 * 60 * 60_000);
  return db
    .delete(webhookEvents)
    .where(
      inArray(
        webhookEvents.id,
        db
          .select({ id: webhookEvents.id })
          .from(webhookEvents)
          .where(lt(webhookEvents.createdAt, cutoff))
          .orderBy(asc(webhookEvents.createdAt))
          .limit(EVENT_PRUNE_CHUNK),
      ),
    );
}
