import { is, SQL, sql } from "drizzle-orm";
import { WEBHOOK_EVENT_VERSIONS } from "../../../db/enums";
import {
  type WEBHOOK_PING_TYPE,
  type WebhookEventType,
  type WebhookStoredEventType,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../../db/schema";
import { randomToken } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { preparedWrite } from "../../utils/prepared-select.server";

// The webhook outbox (decisions 043, 078): every change that causes an event adds its event row and
// one pending delivery per subscribed endpoint to its own batch, here. Sending is
// integrations/webhook-sending.server.ts, run by the clock.

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
