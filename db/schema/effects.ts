import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ACTIVITY_TYPES, MAIL_KINDS, MAIL_STATUSES } from "../enums";
import { users } from "./accounts";
import { businesses } from "./businesses";
import { createdAt, reference } from "./columns";
import { referrals } from "./referrals";

/** What a write adds to its batch besides its rows: activity, notifications, the mail outbox, and the counts triggers keep of them. */

export const activityLogs = sqliteTable(
  "activity_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    action: text("action").notNull(),
    details: text("details"),
    activityType: text("activity_type", { enum: ACTIVITY_TYPES }).notNull(),
    userId: reference("user_id", () => users.id, "set null"),
    businessId: reference("business_id", () => businesses.id, "set null"),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_logs_created_idx").on(t.createdAt),
    index("activity_logs_user_created_idx").on(t.userId, t.createdAt),
    index("activity_logs_business_created_idx").on(t.businessId, t.createdAt),
  ],
);

/**
 * How many activity_logs rows there are, in one row (id 1) that triggers in migration 0017 keep:
 * the admin console's unfiltered Platform Activity total reads it instead of counting every row
 * (issue 18, decision 075).
 */
export const activityLogCount = sqliteTable("activity_log_count", {
  id: integer("id").primaryKey(),
  n: integer("n").notNull().default(0),
});

/**
 * How many rows some tables hold, kept by triggers on them (migration 0023, decision 100): the admin
 * console's platform stats read a row each instead of counting 100,000 connectors and businesses.
 */
export const rowCounts = sqliteTable("row_counts", {
  tableName: text("table_name", { enum: ["connectors", "businesses"] }).primaryKey(),
  n: integer("n").notNull().default(0),
});

/** In-app notifications (e.g. a connector's referral changed status). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: reference("user_id", () => users.id, "cascade").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    link: text("link"),
    referralId: reference("referral_id", () => referrals.id, "cascade"),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId, t.readAt),
  ],
);

/**
 * Outgoing mail, written in the batch of the change that causes it and sent by the scheduled job
 * (decision 043). A row names a kind and its data; the message is rendered when it is sent, and any
 * link token is made then too, so no usable token is ever stored. Either `userId` (the address is
 * the user's current one, and notification mail follows only a verified address the user has not
 * unsubscribed) or `toAddress` (a fixed address: a verification, an invitation) says where it goes.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    userId: reference("user_id", () => users.id, "cascade"),
    toAddress: text("to_address"),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    // Due time of the next try; a run claims a row by moving this a lease ahead, so two overlapping
    // runs never both send it.
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_user_idx").on(t.userId)],
);

export type ActivityLog = typeof activityLogs.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
