import { and, count, desc, eq, or, type SQL } from "drizzle-orm";
import { activityLogs } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { containsPattern, likeEscaped } from "../utils/sql.server";

export type ActivityScope = { userId?: number; businessId?: number; q?: string };

/** Newest first; `q` searches action and details (the admin console's Platform Activity). */
export async function listActivity(db: Database, scope: ActivityScope, { limit, offset }: { limit: number; offset: number }) {
  const parts: (SQL | undefined)[] = [];
  if (scope.userId !== undefined) parts.push(eq(activityLogs.userId, scope.userId));
  if (scope.businessId !== undefined) parts.push(eq(activityLogs.businessId, scope.businessId));
  if (scope.q) {
    const pattern = containsPattern(scope.q);
    parts.push(or(likeEscaped(activityLogs.action, pattern), likeEscaped(activityLogs.details, pattern)));
  }
  const where = and(...parts);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(activityLogs)
      .where(where)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(activityLogs).where(where),
  ]);
  return {
    items: rows.map((a) => ({
      id: a.id,
      action: a.action,
      details: a.details,
      activityType: a.activityType,
      userId: a.userId,
      businessId: a.businessId,
      createdAt: a.createdAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
  };
}
