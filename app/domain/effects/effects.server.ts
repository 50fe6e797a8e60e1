import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../utils/db.server";
import { type ActivityEntry, activityInsert } from "./activity.server";
import { type MailRequest, mailInsert } from "./mail-outbox.server";
import { businessTeamNoticeStatements, notificationInsert, usersNoticeInsert } from "./notifications.server";
import { reputationStaleStatements } from "./reputation-due.server";
import { webhookEventStatements } from "./webhook-outbox.server";

export type WebhookEventInput = Parameters<typeof webhookEventStatements>[1];
type NoticeInput = Parameters<typeof notificationInsert>[1];
export type TeamNoticeInput = Parameters<typeof businessTeamNoticeStatements>[1];
type UsersNoticeInput = Parameters<typeof usersNoticeInsert>[1];

/** Everything a write implies besides its own rows (decision 152). Each list may be empty or left out. */
export type Effects = {
  /** Webhook events (and their deliveries) and the event feed's rows. */
  events?: WebhookEventInput[];
  activity?: ActivityEntry[];
  /** In-app notifications to one person each. */
  notices?: NoticeInput[];
  /** A notification to each user a subquery names (a thread's readers). */
  usersNotices?: UsersNoticeInput[];
  /** A notification and a mail to each of a business's team. */
  teamNotices?: TeamNoticeInput[];
  /** Outbox mail; `when` writes it only while a guarded change still holds. */
  mail?: (MailRequest & { when?: SQL })[];
  /** The business and connector whose reputation the scheduled job recomputes. */
  reputationDue?: { businessId: number; connectorId: number };
};

/**
 * The one call by which a write adds its side effects to its own batch, so they land with the change
 * or not at all (decision 043). The order is fixed: events come first because an event may name the
 * write's new row by last_insert_rowid(), which any insert after it would change.
 */
export function effectStatements(db: Database, effects: Effects): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  for (const event of effects.events ?? []) statements.push(...webhookEventStatements(db, event));
  for (const entry of effects.activity ?? []) statements.push(activityInsert(db, entry));
  for (const notice of effects.notices ?? []) statements.push(notificationInsert(db, notice));
  for (const notice of effects.usersNotices ?? []) statements.push(usersNoticeInsert(db, notice));
  for (const notice of effects.teamNotices ?? []) statements.push(...businessTeamNoticeStatements(db, notice));
  for (const { when, ...request } of effects.mail ?? []) statements.push(mailInsert(db, request as MailRequest, { when }));
  if (effects.reputationDue) statements.push(...reputationStaleStatements(db, effects.reputationDue));
  return statements;
}
