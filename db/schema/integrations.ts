import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_SIGNATURE_SCHEMES, WEBHOOK_STORED_EVENT_TYPES } from "../enums";
import { users } from "./accounts";
import { businesses, connectors } from "./businesses";
import { createdAt, reference } from "./columns";

/** API keys, idempotent retries, and webhook endpoints, events and deliveries. */

/**
 * API keys. A business key (businessId set) acts for that business as the person who made it; a
 * personal key (businessId null) acts as its user's connector profile. Only a SHA-256 of the key is kept.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: reference("user_id", () => users.id, "cascade").notNull(),
    businessId: reference("business_id", () => businesses.id, "cascade"),
    name: text("name").notNull(),
    // The first characters of the key, shown in lists so people can tell keys apart.
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    // Space-separated ApiScope values.
    scopes: text("scopes").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("api_keys_hash_unique").on(t.keyHash),
    index("api_keys_business_idx").on(t.businessId, t.createdAt),
    index("api_keys_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Responses to creating requests sent with an Idempotency-Key, kept a day. `status` is null while the
 * first request is still running, so a concurrent retry is told to wait instead of creating twice.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    // SHA-256 of the caller's credential, the method and path, and the Idempotency-Key header.
    id: text("id").primaryKey(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    response: text("response"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("idempotency_keys_expires_idx").on(t.expiresAt)],
);

/** A business's HTTPS endpoint and the events it wants; `secret` signs every delivery. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessId: reference("business_id", () => businesses.id, "cascade").notNull(),
    url: text("url").notNull(),
    description: text("description"),
    // JSON array of WebhookEventType, matched with instr() when events fan out.
    events: text("events").notNull(),
    secret: text("secret").notNull(),
    // After a rotation the old secret still signs (alongside the new one) until it expires (decision 052).
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: integer("previous_secret_expires_at", { mode: "timestamp_ms" }),
    // Standard Webhooks for every endpoint made since issue 19; the migration marks older ones legacy (decision 077).
    signatureScheme: text("signature_scheme", { enum: WEBHOOK_SIGNATURE_SCHEMES }).notNull().default("standard"),
    createdByUserId: reference("created_by_user_id", () => users.id, "set null"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_business_idx").on(t.businessId)],
);

/** The event outbox: written in the batch of the change that causes it, with its payload frozen. */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    businessId: reference("business_id", () => businesses.id, "cascade").notNull(),
    // No CHECK constraint in SQL (migration 0003): widening the TS enum with "ping" needed no migration.
    type: text("type", { enum: WEBHOOK_STORED_EVENT_TYPES }).notNull(),
    payload: text("payload").notNull(),
    createdAt: createdAt(),
    /** The connector the event concerns (referral.*, commission.*, payout.recorded): their feed (issue 19). */
    connectorId: reference("connector_id", () => connectors.id, "set null"),
    /**
     * The feed's order (decision 078): max + 1 at insert, so commit order on the single writer, never
     * a Worker's clock. The cursor is the event id; seq only orders.
     */
    seq: integer("seq"),
  },
  (t) => [
    uniqueIndex("webhook_events_seq_unique").on(t.seq),
    index("webhook_events_business_feed_idx").on(t.businessId, t.seq),
    index("webhook_events_connector_feed_idx").on(t.connectorId, t.seq),
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

/** One event to one endpoint: the delivery log, and the retry schedule while it is pending. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: reference("endpoint_id", () => webhookEndpoints.id, "cascade").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
    durationMs: integer("duration_ms"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_event_idx").on(t.eventId),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
