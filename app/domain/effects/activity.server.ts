import { is, SQL, sql } from "drizzle-orm";
import { type ActivityType, activityLogs } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { placeholders, preparedWrite } from "../../utils/prepared-select.server";

export type ActivityEntry = {
  action: string;
  details?: string | null;
  activityType: ActivityType;
  userId?: number | SQL | null;
  businessId?: number | SQL | null;
  /** A condition checked in the same statement (a guarded change that took effect): no entry without it. */
  when?: SQL;
};

/** An activity insert, unexecuted, so it can join the batch of the change it records. */
export function activityInsert(db: Database, entry: ActivityEntry) {
  if (entry.when) {
    // id, action, details, activity_type, user_id, business_id, created_at
    return db
      .insert(activityLogs)
      .select(
        sql`select null, ${entry.action}, ${entry.details ?? null}, ${entry.activityType}, ${entry.userId ?? null}, ${entry.businessId ?? null}, ${Date.now()} where ${entry.when}`,
      );
  }
  const values = {
    action: entry.action,
    details: entry.details ?? null,
    activityType: entry.activityType,
    userId: entry.userId ?? null,
    businessId: entry.businessId ?? null,
    createdAt: new Date(),
  };
  // The common entry (ids known) is built once (decision 089); one naming a row of its own batch is not.
  if (is(values.userId, SQL) || is(values.businessId, SQL)) return db.insert(activityLogs).values(values);
  return plainActivity(db, null, values);
}

const plainActivity = preparedWrite((db, _: null) =>
  db.insert(activityLogs).values(placeholders("action", "details", "activityType", "userId", "businessId", "createdAt")),
);
