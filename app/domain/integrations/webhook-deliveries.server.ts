import { and, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  businesses,
  WEBHOOK_PING_TYPE,
  type WebhookDelivery,
  type WebhookDeliveryTrigger,
  type WebhookStoredEventType,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { AppError, notFound } from "../../utils/errors.server";
import { lockedFor, recordHit, type Window } from "../../utils/rate-limit.server";
import type { SessionUser } from "../../utils/session.server";
import { effectStatements } from "../effects/effects.server";
import { actorSeat, actorSeatJoin } from "../parties/access.server";
import { checkWebhookManager, requireEndpoint } from "./webhooks.server";

// A business's webhook deliveries (decisions 051, 079): the log, resends, test events and redelivery,
// each asked for by hand and rationed per endpoint.

// ——— The delivery log ———

/**
 * Why a delivery exists, read off its rows (decision 079): a ping is a test; a fan-out delivery is
 * written in its event's batch with the event's own timestamp, so a delivery made later than its
 * event is a redelivery (redeliverEvent makes sure it is later, by a millisecond if need be).
 */
export function deliveryTrigger(
  eventType: WebhookStoredEventType,
  eventCreatedAt: Date,
  deliveryCreatedAt: Date,
): WebhookDeliveryTrigger {
  if (eventType === WEBHOOK_PING_TYPE) return "test";
  return deliveryCreatedAt.getTime() > eventCreatedAt.getTime() ? "redelivery" : "event";
}

/**
 * The event's created_at beside the delivery's, aliased: in a D1 batch, rows come back keyed by
 * column name, and the delivery's own created_at would otherwise be overwritten.
 */
const eventCreatedAtColumn = sql`${webhookEvents.createdAt}`.mapWith(webhookEvents.createdAt).as("event_created_at");

export function toDeliveryDto(d: WebhookDelivery & { eventType: WebhookStoredEventType; eventCreatedAt: Date }) {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    trigger: deliveryTrigger(d.eventType, d.eventCreatedAt, d.createdAt),
    status: d.status,
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    lastError: d.lastError,
    durationMs: d.durationMs,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: d.createdAt.toISOString(),
  };
}
export type WebhookDeliveryDto = ReturnType<typeof toDeliveryDto>;

export async function listDeliveries(
  db: Database,
  actor: SessionUser,
  endpointId: number,
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
) {
  await requireEndpoint(db, actor, endpointId);
  const [rows, totals] = await db.batch([
    db
      .select({ delivery: webhookDeliveries, eventType: webhookEvents.type, eventCreatedAt: eventCreatedAtColumn })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)` }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
  ]);
  return {
    items: rows.map((r) => toDeliveryDto({ ...r.delivery, eventType: r.eventType, eventCreatedAt: r.eventCreatedAt })),
    total: totals[0]?.n ?? 0,
  };
}

export const RESEND_DELIVERY_WINDOW = { limit: 1, windowMs: 60_000 };
export const RESEND_ENDPOINT_WINDOW = { limit: 30, windowMs: 60 * 60_000 };
export const RESEND_DELIVERY_TOO_SOON =
  "This delivery was resent less than a minute ago. Please wait a minute before resending it.";
export const RESEND_ENDPOINT_TOO_OFTEN =
  "This endpoint's deliveries were resent too often in the last hour. Please wait before resending more.";

/** One rationing rule of sends asked for by hand: its rate_limits key, window, and the 429's message. */
type ManualSendLimit = readonly [key: string, window: Window, message: string];

/**
 * Refuses with 429 and Retry-After (the first exhausted rule's message and wait) or counts one hit
 * under every key. Counted in rate_limits, like the other throttles.
 */
async function throttleManualSend(db: Database, limits: readonly ManualSendLimit[]) {
  const waits = await Promise.all(limits.map(([key, window]) => lockedFor(db, key, window)));
  limits.forEach(([, , message], i) => {
    const wait = waits[i];
    if (wait != null) throw new AppError(429, message, undefined, { "Retry-After": String(wait) });
  });
  await Promise.all(limits.map(([key, window]) => recordHit(db, key, window)));
}

/**
 * What every send asked for by hand (resend, test event, redelivery) counts against: one budget per
 * endpoint an hour (decisions 051 and 079), so none of them can be used to flood a receiver.
 */
const endpointBudget = (endpointId: number, message: string): ManualSendLimit => [
  `webhook-resend:endpoint:${endpointId}`,
  RESEND_ENDPOINT_WINDOW,
  message,
];

/**
 * Resending makes us send a request on the business's say-so, so it is rationed (decision 051): one
 * resend per delivery a minute, and RESEND_ENDPOINT_WINDOW.limit per endpoint an hour; past either,
 * a 429 with Retry-After.
 */
function throttleResend(db: Database, deliveryId: number, endpointId: number) {
  return throttleManualSend(db, [
    [`webhook-resend:delivery:${deliveryId}`, RESEND_DELIVERY_WINDOW, RESEND_DELIVERY_TOO_SOON],
    endpointBudget(endpointId, RESEND_ENDPOINT_TOO_OFTEN),
  ]);
}

/** Queues a delivery to be sent again now, whatever its state (a fresh set of attempts); rationed. */
export async function resendDelivery(db: Database, actor: SessionUser, deliveryId: number) {
  // The delivery, its endpoint's business and the actor's seat in it: one statement either way.
  const found = await db
    .select({
      eventType: webhookEvents.type,
      eventCreatedAt: eventCreatedAtColumn,
      endpointId: webhookDeliveries.endpointId,
      businessId: webhookEndpoints.businessId,
      ownerId: businesses.userId,
      teamRole: actorSeat.role,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(businesses, eq(businesses.id, webhookEndpoints.businessId))
    .leftJoin(actorSeat, actorSeatJoin(webhookEndpoints.businessId, actor.id))
    .where(eq(webhookDeliveries.id, deliveryId))
    .get();
  if (!found) throw notFound("Delivery not found");
  checkWebhookManager(found, actor, found.businessId, "Delivery not found");
  await throttleResend(db, deliveryId, found.endpointId);
  const row = await db
    .update(webhookDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date() })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning()
    .get();
  return toDeliveryDto({ ...row, eventType: found.eventType, eventCreatedAt: found.eventCreatedAt });
}

// ——— Test events and redelivery (issue 19, decision 079) ———

export const TEST_EVENT_WINDOW = { limit: 1, windowMs: 10_000 };
export const REDELIVER_WINDOW = { limit: 1, windowMs: 60_000 };
export const TEST_EVENT_MESSAGE =
  "A test event from Warm Intros. If your endpoint verified this request's signature, it is ready for real events.";
export const TEST_EVENT_TOO_SOON =
  "A test event was sent to this endpoint less than 10 seconds ago. Please wait a few seconds before sending another.";
export const REDELIVER_TOO_SOON =
  "This event was redelivered to this endpoint less than a minute ago. Please wait a minute before redelivering it.";
export const MANUAL_SENDS_TOO_OFTEN =
  "Too many deliveries to this endpoint were asked for in the last hour (resends, test events and redeliveries). Please wait before sending more.";
export const EVENT_NOT_FOUND = "Event not found";
export const PING_NOT_REDELIVERED = "Test events are not redelivered. Send a new test event instead.";

/** A delivery with what its DTO needs, read by id (one statement). */
function deliveryWithEvent(db: Database) {
  return db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type, eventCreatedAt: eventCreatedAtColumn })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId));
}

/**
 * Queues a signed `ping` event to this endpoint only (stored like every event, so the delivery log,
 * retries and Resend treat it as any other); the scheduled job sends it, as it sends everything
 * (the outbox rule, decision 043). One per endpoint every 10 seconds, within the endpoint's budget.
 */
export async function sendTestEvent(db: Database, actor: SessionUser, endpointId: number) {
  const endpoint = await requireEndpoint(db, actor, endpointId);
  await throttleManualSend(db, [
    [`webhook-test:endpoint:${endpointId}`, TEST_EVENT_WINDOW, TEST_EVENT_TOO_SOON],
    endpointBudget(endpointId, MANUAL_SENDS_TOO_OFTEN),
  ]);
  const write = effectStatements(db, {
    events: [
      { businessId: endpoint.businessId, type: WEBHOOK_PING_TYPE, endpointId, data: { endpointId, message: TEST_EVENT_MESSAGE } },
    ],
  });
  // Read in the same batch (atomic), so the newest ping of this endpoint is the one just written.
  const read = deliveryWithEvent(db)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookEvents.type, WEBHOOK_PING_TYPE)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(1);
  const statements: BatchItem<"sqlite">[] = [...write, read];
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const row = (results[write.length] as Awaited<typeof read>)[0];
  // Deleted between the check and the batch: nothing was written.
  if (!row) throw notFound("Webhook endpoint not found");
  return toDeliveryDto({ ...row.delivery, eventType: row.eventType, eventCreatedAt: row.eventCreatedAt });
}

/**
 * Queues a stored event of the endpoint's business again, to this endpoint: whether or not it
 * subscribes to the type, or existed when the event happened (replay). The body is the stored
 * payload and `webhook-id` the same event id, so a receiver that already has it skips it. Test
 * events are not replayed (their data names the endpoint tested). One redelivery of an event to an
 * endpoint a minute, within the endpoint's budget.
 */
export async function redeliverEvent(db: Database, actor: SessionUser, endpointId: number, eventId: string) {
  const endpoint = await requireEndpoint(db, actor, endpointId);
  // Another business's event answers as a missing one does.
  const event = await db
    .select({ id: webhookEvents.id, type: webhookEvents.type, createdAt: webhookEvents.createdAt })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, eventId), eq(webhookEvents.businessId, endpoint.businessId)))
    .get();
  if (!event) throw new AppError(404, EVENT_NOT_FOUND, { eventId: [EVENT_NOT_FOUND] });
  if (event.type === WEBHOOK_PING_TYPE) throw new AppError(422, PING_NOT_REDELIVERED, { eventId: [PING_NOT_REDELIVERED] });
  await throttleManualSend(db, [
    [`webhook-redeliver:${endpointId}:${event.id}`, REDELIVER_WINDOW, REDELIVER_TOO_SOON],
    endpointBudget(endpointId, MANUAL_SENDS_TOO_OFTEN),
  ]);
  const now = Date.now();
  // Later than the event, always: that is how the log tells a redelivery (deliveryTrigger).
  const createdAt = Math.max(now, event.createdAt.getTime() + 1);
  // Written only while both rows still exist (a delete in between would otherwise fail the foreign keys).
  const row = await db
    .insert(webhookDeliveries)
    .select(
      sql`select null, ${event.id}, ${endpointId}, 'pending', 0, null, null, ${now}, null, null, ${createdAt} where exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.id} = ${endpointId}) and exists (select 1 from ${webhookEvents} where ${webhookEvents.id} = ${event.id})`,
    )
    .returning()
    .get();
  if (!row) throw new AppError(404, EVENT_NOT_FOUND, { eventId: [EVENT_NOT_FOUND] });
  return toDeliveryDto({ ...row, eventType: event.type, eventCreatedAt: event.createdAt });
}
