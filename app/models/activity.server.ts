import type { SQL } from "drizzle-orm";
import { type ActivityType, activityLogs } from "../../db/schema";
import type { Database } from "../utils/db.server";

export type ActivityEntry = {
  action: string;
  details?: string | null;
  activityType: ActivityType;
  userId?: number | SQL | null;
  businessId?: number | SQL | null;
};

/** An activity insert, unexecuted, so it can join the batch of the change it records. */
export function activityInsert(db: Database, entry: ActivityEntry) {
  return db.insert(activityLogs).values({
    action: entry.action,
    details: entry.details ?? null,
    activityType: entry.activityType,
    userId: entry.userId ?? null,
    businessId: entry.businessId ?? null,
    createdAt: new Date(),
  });
}
