import { and, desc, eq, inArray, is, lte, SQL, sql } from "drizzle-orm";
import { WEBHOOK_EVENT_VERSIONS } from "../../../db/enums";
import {
  businesses,
  WEBHOOK_PING_TYPE,
  type WebhookDelivery,
  type WebhookDeliveryTrigger,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookStoredEventType,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../../db/schema";
import { randomToken } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { AppError, conflict, forbidden, notFound } from "../../utils/errors.server";
import { preparedWrite } from "../../utils/prepared-select.server";
import { lockedFor, recordHit, type Window } from "../../utils/rate-limit.server";
import type { SessionUser } from "../../utils/session.server";
import { standardWebhookHeaders, standardWebhookSecret } from "../../utils/standard-webhooks.server";
import type { HostResolver } from "../../utils/webhook-dns.server";
import { hostToResolve, WEBHOOK_PRIVATE_REFUSED, webhookUrlProblem } from "../../utils/webhook-url.server";
import type { WebhookEndpointInput } from "../../validation/webhooks";
import { actorSeat, actorSeatJoin, checkBusinessRole, requireBusinessRole } from "../parties/access.server";

export const MAX_ENDPOINTS_PER_BUSINESS = 10;
/**
 * A delivery is tried this many times in all, waiting base·2^(n-1) after the n-th failure, at most
 * MAX_RETRY_DELAY_MS: with the defaults, retries span about 8 hours, so a receiver down for an hour
 * (or a few) still gets everything once it is back.
 */
export const MAX_DELIVERY_ATTEMPTS = 12;
export const DEFAULT_RETRY_BASE_MS = 30_000;
export const MAX_RETRY_DELAY_MS = 2 * 60 * 60_000;
/** A request that has not answered by then counts as a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** While one worker sends a delivery, others leave it alone for this long. */
const CLAIM_LEASE_MS = 60_000;

export type WebhookEvent = {
  id: string;
  type: WebhookStoredEventType;
  /** The payload's version (decision 080): a receiver handles the versions it knows. */
  version: number;
  createdAt: string;
  businessId: number;
  data: unknown;
};

/** The current payload version of an event type (the test ping's included). */
export function webhookEventVersion(type: WebhookStoredEventType): number {
  return WEBHOOK_EVENT_VERSIONS[type];
}

// ——— The outbox: statements that join the batch of the change that causes the event ———

// The feed's order: one past the newest, on the single writer (the unique index keeps it so).
const nextSeq = sql`coalesce((select max(${webhookEvents.seq}) from ${webhookEvents}), 0) + 1`;
const plainEvent = preparedWrite((db, _: null) =>
  db
    .insert(webhookEvents)
    .select(
      sql`select ${sql.placeholder("id")}, ${sql.placeholder("businessId")}, ${sql.placeholder("type")}, ${sql.placeholder("payload")}, ${sql.placeholder("now")}, ${sql.placeholder("connectorId")}, ${nextSeq}`,
    ),
);
const plainDeliveries = preparedWrite((db, _: null) =>
  db
    .insert(webhookDeliveries)
    .select(
      sql`select null, ${sql.placeholder("id")}, ${webhookEndpoints.id}, 'pending', 0, null, null, ${sql.placeholder("now")}, null, null, ${sql.placeholder("now")} from ${webhookEndpoints} where ${webhookEndpoints.businessId} = ${sql.placeholder("businessId")} and instr(${webhookEndpoints.events}, ${sql.placeholder("needle")}) > 0`,
    ),
);

type OutboxEvent = {
  businessId: number;
  type: WebhookEventType | typeof WEBHOOK_PING_TYPE;
  data: Record<string, unknown>;
};

/** An event's row values: its id, time, payload and the needle its subscribers' lists hold. */
function eventValues(event: OutboxEvent) {
  const id = `evt_${randomToken(18)}`;
  const now = new Date();
  const payload = JSON.stringify({
    id,
    type: event.type,
    version: webhookEventVersion(event.type),
    createdAt: now.toISOString(),
    businessId: event.businessId,
    data: event.data,
  } satisfies WebhookEvent);
  return { id, now, payload, needle: `"${event.type}"` };
}

/**
 * webhookEventStatements for an event whose `data.id` is known only inside the batch, built once
 * (decision 089) for the hot writes: `idSql` reads it, its values placeholders that each call
 * passes in `idValues` (the event's own placeholder names, id, businessId, type, payload, now,
 * connectorId and needle, are taken).
 */
export function preparedIdEvent(idSql: SQL) {
  const insert = preparedWrite((db, _: null) =>
    db
      .insert(webhookEvents)
      .select(
        sql`select ${sql.placeholder("id")}, ${sql.placeholder("businessId")}, ${sql.placeholder("type")}, json_set(${sql.placeholder("payload")}, '$.data.id', ${idSql}), ${sql.placeholder("now")}, ${sql.placeholder("connectorId")}, ${nextSeq}`,
      ),
  );
  return (db: Database, event: OutboxEvent & { connectorId: number | null; idValues: Record<string, unknown> }) => {
    const { id, now, payload, needle } = eventValues(event);
    const values = {
      ...event.idValues,
      id,
      businessId: event.businessId,
      type: event.type,
      payload,
      now: now.getTime(),
      connectorId: event.connectorId,
      needle,
    };
    return [insert(db, null, values), plainDeliveries(db, null, values)] as const;
  };
}

/**
 * The event row and one pending delivery per subscribed endpoint, unexecuted, for the batch of the
 * change itself (so an event exists exactly when its change does). The event row is written whether
 * or not an endpoint wants `type`: the feed (GET /api/events, decision 078) lists every event.
 * `idSql` fills `data.id` in SQL when the id is only known inside the batch (e.g. last_insert_rowid());
 * `connectorId` names the connector the event concerns (their own feed).
 */
export function webhookEventStatements(
  db: Database,
  event: OutboxEvent & {
    /** Deliver to this endpoint of the business only, whatever it subscribes to (a test event). */
    endpointId?: number;
    idSql?: SQL;
    /** The connector the event concerns, when it concerns one (a number, or SQL known only inside the batch). */
    connectorId?: number | SQL | null;
    /** A condition the event is written under (checked in the same statement), e.g. a guarded change still holding. */
    when?: SQL;
  },
) {
  const { id, now, payload, needle } = eventValues(event);
  const connectorId = event.connectorId ?? null;
  // The common event (known ids, every subscribed endpoint, no condition) is built once (decision 089).
  if (!event.endpointId && !event.idSql && !event.when && !is(connectorId, SQL)) {
    const values = { id, businessId: event.businessId, type: event.type, payload, now: now.getTime(), connectorId, needle };
    return [plainEvent(db, null, values), plainDeliveries(db, null, values)] as const;
  }
  const wants = event.endpointId
    ? sql`${webhookEndpoints.id} = ${event.endpointId}`
    : sql`instr(${webhookEndpoints.events}, ${needle}) > 0`;
  const subscribed = sql`from ${webhookEndpoints} where ${webhookEndpoints.businessId} = ${event.businessId} and ${wants}${event.when ? sql` and (${event.when})` : sql``}`;
  const payloadSql = event.idSql ? sql`json_set(${payload}, '$.data.id', ${event.idSql})` : sql`${payload}`;
  // Drizzle inserts a raw select into every column in table order (see db/schema.ts).
  return [
    db
      .insert(webhookEvents)
      .select(
        sql`select ${id}, ${event.businessId}, ${event.type}, ${payloadSql}, ${now.getTime()}, ${connectorId}, ${nextSeq}${event.when ? sql` where (${event.when})` : sql``}`,
      ),
    db
      .insert(webhookDeliveries)
      .select(
        sql`select null, ${id}, ${webhookEndpoints.id}, 'pending', 0, null, null, ${now.getTime()}, null, null, ${now.getTime()} ${subscribed}`,
      ),
  ] as const;
}

// ——— Endpoints ———

/** After a rotation, the old secret keeps signing (next to the new one) this long. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

/** The previous secret, while it still signs deliveries (never shown: it was already known). */
function previousSecretOf(e: Pick<WebhookEndpoint, "previousSecret" | "previousSecretExpiresAt">, now = Date.now()) {
  return e.previousSecret && e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > now
    ? { secret: e.previousSecret, expiresAt: e.previousSecretExpiresAt }
    : null;
}

export function toWebhookEndpointDto(e: WebhookEndpoint) {
  return {
    id: e.id,
    businessId: e.businessId,
    url: e.url,
    description: e.description,
    events: JSON.parse(e.events) as WebhookEventType[],
    secret: e.secret,
    signatureScheme: e.signatureScheme,
    legacySignaturesUntil: e.signatureScheme === "legacy" ? `${LEGACY_SIGNATURES_UNTIL}T23:59:59.999Z` : null,
    previousSecretExpiresAt: previousSecretOf(e)?.expiresAt.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}
export type WebhookEndpointDto = ReturnType<typeof toWebhookEndpointDto>;

/** Webhooks are the business's integration settings: its owner and team admins manage them. */
async function requireWebhookManager(db: Database, actor: SessionUser, businessId: number) {
  if (actor.apiKey) throw forbidden("API keys cannot manage webhooks");
  await requireBusinessRole(db, actor, businessId, "admin");
}

export async function listWebhookEndpoints(db: Database, actor: SessionUser, businessId: number) {
  await requireWebhookManager(db, actor, businessId);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, businessId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toWebhookEndpointDto);
}

export async function createWebhookEndpoint(
  db: Database,
  actor: SessionUser,
  businessId: number,
  input: WebhookEndpointInput,
  { allowLocalhost = false, resolveHost }: { allowLocalhost?: boolean; resolveHost?: HostResolver } = {},
) {
  await requireWebhookManager(db, actor, businessId);
  const problem = webhookUrlProblem(input.url, { allowLocalhost });
  if (problem) throw new AppError(422, problem, { url: [problem] });
  // A name that resolves inside now is refused now (decision 114); one that does not resolve yet is
  // taken, as receivers are often registered before their DNS: every send resolves it again anyway.
  const host = resolveHost ? hostToResolve(input.url, { allowLocalhost }) : null;
  if (resolveHost && host && (await resolveHost(host)).verdict === "private") {
    throw new AppError(422, WEBHOOK_PRIVATE_REFUSED, { url: [WEBHOOK_PRIVATE_REFUSED] });
  }
  const existing = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, businessId))
    .limit(MAX_ENDPOINTS_PER_BUSINESS);
  if (existing.length >= MAX_ENDPOINTS_PER_BUSINESS) {
    throw new AppError(422, `A business can have at most ${MAX_ENDPOINTS_PER_BUSINESS} webhook endpoints`);
  }
  const row = await db
    .insert(webhookEndpoints)
    .values({
      businessId,
      url: input.url,
      description: input.description ?? null,
      events: JSON.stringify(input.events),
      secret: standardWebhookSecret(),
      signatureScheme: "standard",
      createdByUserId: actor.id,
      createdAt: new Date(),
    })
    .returning()
    .get();
  return toWebhookEndpointDto(row);
}

/**
 * The endpoint with the actor's seat in its business, in one statement: another business's endpoint
 * and a missing one answer the same 404 after the same round trip (issue 15, finding 9).
 */
async function requireEndpoint(db: Database, actor: SessionUser, endpointId: number) {
  const row = await db
    .select({ endpoint: webhookEndpoints, ownerId: businesses.userId, teamRole: actorSeat.role })
    .from(webhookEndpoints)
    .innerJoin(businesses, eq(businesses.id, webhookEndpoints.businessId))
    .leftJoin(actorSeat, actorSeatJoin(webhookEndpoints.businessId, actor.id))
    .where(eq(webhookEndpoints.id, endpointId))
    .get();
  if (!row) throw notFound("Webhook endpoint not found");
  if (actor.apiKey) throw forbidden("API keys cannot manage webhooks");
  try {
    checkBusinessRole([{ ownerId: row.ownerId, teamRole: row.teamRole }], actor, row.endpoint.businessId, "admin");
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound("Webhook endpoint not found");
    throw error;
  }
  return row.endpoint;
}

export async function getWebhookEndpoint(db: Database, actor: SessionUser, endpointId: number) {
  return toWebhookEndpointDto(await requireEndpoint(db, actor, endpointId));
}

/**
 * A new signing secret (decision 052), guarded by the secret it replaces (decision 114): a rotation
 * that lost a race to another answers 409. The current one becomes the previous secret and still signs
 * every delivery, next to the new one, for SECRET_ROTATION_OVERLAP_MS, so receivers can switch
 * without dropping events. Rotating again during the overlap retires the older one at once.
 */
export async function rotateWebhookSecret(db: Database, actor: SessionUser, endpointId: number, now = new Date()) {
  const endpoint = await requireEndpoint(db, actor, endpointId);
  const [rows, still] = await db.batch([
    db
      .update(webhookEndpoints)
      .set({
        // Standard Webhooks' format; a legacy endpoint uses the whole string as its key, as before.
        secret: standardWebhookSecret(),
        previousSecret: endpoint.secret,
        previousSecretExpiresAt: new Date(now.getTime() + SECRET_ROTATION_OVERLAP_MS),
      })
      // Compare-and-set on the secret read above: of two rotations at once, the second would make the
      // first's new secret its "previous" one, never shown again, so it loses instead (409).
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.secret, endpoint.secret)))
      .returning(),
    db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)),
  ]);
  const row = rows[0];
  if (!row && still.length === 0) throw notFound("Webhook endpoint not found");
  if (!row) throw conflict(SECRET_ROTATED_CONCURRENTLY, {});
  return toWebhookEndpointDto(row);
}
export const SECRET_ROTATED_CONCURRENTLY =
  "The signing secret was rotated by another request at the same time. Reload to see the current secret.";

/**
 * Moves a legacy endpoint to Standard Webhooks (decision 077) with a new secret, from its next
 * delivery on. No overlap: the old secret cannot sign the new way, and a receiver switches its
 * verification and its secret together (or runs a second, new endpoint until it verifies). An
 * endpoint already on Standard Webhooks answers 409 and keeps its secret.
 */
export async function switchToStandardWebhooks(db: Database, actor: SessionUser, endpointId: number) {
  const endpoint = await requireEndpoint(db, actor, endpointId);
  if (endpoint.signatureScheme === "standard") throw conflict(ALREADY_STANDARD);
  const row = await db
    .update(webhookEndpoints)
    .set({ signatureScheme: "standard", secret: standardWebhookSecret(), previousSecret: null, previousSecretExpiresAt: null })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.signatureScheme, "legacy")))
    .returning()
    .get();
  if (!row) throw conflict(ALREADY_STANDARD);
  return toWebhookEndpointDto(row);
}
export const ALREADY_STANDARD = "This endpoint already uses Standard Webhooks signatures.";
/** The last day legacy signatures are sent (decision 077); shown on the screen and in the docs. */
export const LEGACY_SIGNATURES_UNTIL = "2027-05-31";

/** Removing an endpoint removes its delivery log with it (cascade). */
export async function deleteWebhookEndpoint(db: Database, actor: SessionUser, endpointId: number) {
  const endpoint = await requireEndpoint(db, actor, endpointId);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  return toWebhookEndpointDto(endpoint);
}

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
  if (actor.apiKey) throw forbidden("API keys cannot manage webhooks");
  try {
    checkBusinessRole([{ ownerId: found.ownerId, teamRole: found.teamRole }], actor, found.businessId, "admin");
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound("Delivery not found");
    throw error;
  }
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
  const write = webhookEventStatements(db, {
    businessId: endpoint.businessId,
    type: WEBHOOK_PING_TYPE,
    endpointId,
    data: { endpointId, message: TEST_EVENT_MESSAGE },
  });
  // Read in the same batch (atomic), so the newest ping of this endpoint is the one just written.
  const read = deliveryWithEvent(db)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookEvents.type, WEBHOOK_PING_TYPE)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(1);
  const results = await db.batch([...write, read]);
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

// ——— Sending ———

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Legacy scheme: HMAC-SHA-256 of `${timestamp}.${body}` with the endpoint's secret (the whole `whsec_…` string). */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`)));
}

/**
 * Legacy scheme: the `Webhook-Signature` header `t=<unix seconds>,v1=<hex signature>`, with one `v1` per secret
 * (the current one first; during a rotation's overlap, the previous one too). A receiver accepts the
 * delivery when any `v1` matches its secret.
 */
export async function signatureHeader(secrets: string | string[], body: string, now = Date.now()): Promise<string> {
  const timestamp = Math.floor(now / 1000);
  const signatures = await Promise.all([secrets].flat().map((secret) => signWebhook(secret, timestamp, body)));
  return [`t=${timestamp}`, ...signatures.map((signature) => `v1=${signature}`)].join(",");
}

/** The secrets a delivery sent at `at` is signed with: the current one, and the previous while it lasts. */
function signingSecrets(e: Pick<WebhookEndpoint, "secret" | "previousSecret" | "previousSecretExpiresAt">, at: number): string[] {
  const previous = previousSecretOf(e, at);
  return previous ? [e.secret, previous.secret] : [e.secret];
}

type SigningEndpoint = Pick<WebhookEndpoint, "secret" | "previousSecret" | "previousSecretExpiresAt" | "signatureScheme">;

/**
 * The signature headers of one delivery. Standard Webhooks: `webhook-id` (the event id, the same on
 * every retry), `webhook-timestamp` and `webhook-signature` (`v1,<base64>` per secret, space-separated).
 * Legacy: `Webhook-Id` and `Webhook-Signature: t=…,v1=<hex>`; the two cannot travel together, as
 * both use the header name `webhook-signature`.
 */
export async function deliverySignatureHeaders(
  endpoint: SigningEndpoint,
  eventId: string,
  body: string,
  at: number,
): Promise<Record<string, string>> {
  const secrets = signingSecrets(endpoint, at);
  if (endpoint.signatureScheme === "standard") return standardWebhookHeaders(secrets, eventId, body, at);
  return { "Webhook-Id": eventId, "Webhook-Signature": await signatureHeader(secrets, body, at) };
}

export type DispatchOptions = {
  fetcher?: typeof fetch;
  /** Development only: loopback endpoints may be sent to (the same rule as at creation). */
  allowLocalhost?: boolean;
  /** Resolves each endpoint's name right before its send (decision 114); unset, names are not resolved. */
  resolveHost?: HostResolver;
  retryBaseMs?: number;
  limit?: number;
  now?: () => number;
};

export function nextRetryDelay(attempts: number, baseMs = DEFAULT_RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/**
 * What a failed attempt leaves in `lastError`: a short classification, never the receiver's answer
 * (decision 051). `http_<status>` for a non-2xx, non-3xx answer; `redirect` for a 3xx (never
 * followed); `timeout`; `network_error`; `dns_error` when the name could not be resolved right
 * before the send (retried); `blocked_destination` when the URL, or an address its name resolves to,
 * is refused at send time (failed at once, not retried); `endpoint_removed` when the event or
 * endpoint is gone.
 */
export type DeliveryError =
  | `http_${number}`
  | "redirect"
  | "timeout"
  | "network_error"
  | "dns_error"
  | "blocked_destination"
  | "endpoint_removed";

/**
 * Sends the deliveries that are due: claims them (so concurrent workers do not double-send), checks
 * each URL again, posts each signed event with a timeout and without following redirects, and records
 * the outcome: 2xx is success; a refused URL fails at once; anything else is retried with exponential
 * backoff until the attempts run out.
 */
export async function deliverDueWebhooks(db: Database, options: DispatchOptions = {}): Promise<number> {
  const {
    fetcher = fetch,
    retryBaseMs = DEFAULT_RETRY_BASE_MS,
    limit = 10,
    now = Date.now,
    allowLocalhost = false,
    resolveHost,
  } = options;
  const startedAt = now();
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, new Date(startedAt))))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit);
  const claimed = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(startedAt + CLAIM_LEASE_MS) })
    .where(and(inArray(webhookDeliveries.id, due), eq(webhookDeliveries.status, "pending")))
    .returning({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      endpointId: webhookDeliveries.endpointId,
      attempts: webhookDeliveries.attempts,
    });
  if (claimed.length === 0) return 0;
  const [events, endpoints] = await db.batch([
    db
      .select({ id: webhookEvents.id, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(
        inArray(
          webhookEvents.id,
          claimed.map((c) => c.eventId),
        ),
      ),
    db
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        previousSecret: webhookEndpoints.previousSecret,
        previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
        signatureScheme: webhookEndpoints.signatureScheme,
      })
      .from(webhookEndpoints)
      .where(
        inArray(
          webhookEndpoints.id,
          claimed.map((c) => c.endpointId),
        ),
      ),
  ]);
  const payloadOf = new Map(events.map((e) => [e.id, e.payload]));
  const endpointOf = new Map(endpoints.map((e) => [e.id, e]));

  const outcomes = await Promise.all(
    claimed.map(async (delivery) => {
      const body = payloadOf.get(delivery.eventId);
      const endpoint = endpointOf.get(delivery.endpointId);
      const sentAt = now();
      let responseStatus: number | null = null;
      let error: DeliveryError | null = null;
      // Checked again right before sending: rows stored under older rules must not reach inside.
      let blocked = endpoint ? webhookUrlProblem(endpoint.url, { allowLocalhost }) !== null : false;
      // And its name resolved now, not at creation: a name can be pointed inside at any time (DNS
      // rebinding). The platform's fetch resolves again on its own, so this narrows, not closes, the
      // gap (decision 114).
      const host = endpoint && !blocked && resolveHost ? hostToResolve(endpoint.url, { allowLocalhost }) : null;
      const resolved = host && resolveHost ? await resolveHost(host) : null;
      if (resolved?.verdict === "private") blocked = true;
      if (!body || !endpoint) {
        error = "endpoint_removed";
      } else if (blocked) {
        error = "blocked_destination";
      } else if (resolved?.verdict === "lookup_failed") {
        error = "dns_error";
      } else {
        try {
          const response = await fetcher(endpoint.url, {
            method: "POST",
            redirect: "manual",
            signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
            headers: {
              "Content-Type": "application/json",
              "User-Agent": "WarmIntros-Webhooks/1",
              "Webhook-Delivery": String(delivery.id),
              ...(await deliverySignatureHeaders(endpoint, delivery.eventId, body, sentAt)),
            },
            body,
          });
          responseStatus = response.status;
          // The answer's body is never read: it could carry the receiver's secrets (finding 3).
          await response.body?.cancel().catch(() => undefined);
          if (response.status >= 300 && response.status < 400) error = "redirect";
          else if (response.status < 200 || response.status >= 300) error = `http_${response.status}`;
        } catch (e) {
          const name = (e as Error)?.name;
          error = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network_error";
        }
      }
      const attempts = delivery.attempts + 1;
      const finished = now();
      const failedForGood = error !== null && (attempts >= MAX_DELIVERY_ATTEMPTS || !body || !endpoint || blocked);
      return {
        id: delivery.id,
        status: error === null ? ("succeeded" as const) : failedForGood ? ("failed" as const) : ("pending" as const),
        attempts,
        responseStatus,
        lastError: error,
        durationMs: finished - sentAt,
        lastAttemptAt: new Date(sentAt),
        nextAttemptAt: error === null || failedForGood ? null : new Date(finished + nextRetryDelay(attempts, retryBaseMs)),
      };
    }),
  );
  // Built after the sends: a query returned from an async function would be awaited, i.e. run alone.
  const [first, ...rest] = outcomes.map(({ id, ...outcome }) =>
    db.update(webhookDeliveries).set(outcome).where(eq(webhookDeliveries.id, id)),
  );
  if (first) await db.batch([first, ...rest]);
  return claimed.length;
}
