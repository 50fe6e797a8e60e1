import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { activityLogCount, activityLogs } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { containsText } from "../../utils/sql.server";

export type ActivityScope = { userId?: number; businessId?: number; q?: string };
type ActivityShape = { user: boolean; business: boolean; q: boolean };

function activityCondition(shape: ActivityShape) {
  const parts: (SQL | undefined)[] = [];
  if (shape.user) parts.push(eq(activityLogs.userId, sql.placeholder("userId")));
  if (shape.business) parts.push(eq(activityLogs.businessId, sql.placeholder("businessId")));
  if (shape.q) {
    const needle = sql.placeholder("needle");
    parts.push(or(containsText(activityLogs.action, needle), containsText(activityLogs.details, needle)));
  }
  return and(...parts);
}

const activityPageSelect = preparedSelect((db, shape: ActivityShape) =>
  db
    .select()
    .from(activityLogs)
    .where(activityCondition(shape))
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset")),
);
const activityCountSelect = preparedSelect((db, shape: ActivityShape) =>
  db.select({ total: count() }).from(activityLogs).where(activityCondition(shape)),
);
// Every entry: one row the triggers of migration 0018 keep, not a count of them all (issue 18).
const activityTotalSelect = preparedSelect((db, _shape: "all") =>
  db.select({ total: activityLogCount.n }).from(activityLogCount).where(sql`${activityLogCount.id} = 1`),
);

/** A page of activity (newest first; `q` searches action and details) and its total, unexecuted. */
export function activityPageQueries(db: Database, scope: ActivityScope, { limit, offset }: { limit: number; offset: number }) {
  const shape = { user: scope.userId !== undefined, business: scope.businessId !== undefined, q: Boolean(scope.q) };
  const values = {
    userId: scope.userId ?? null,
    businessId: scope.businessId ?? null,
    needle: scope.q || null,
  };
  const unfiltered = !shape.user && !shape.business && !shape.q;
  const total = unfiltered ? activityTotalSelect(db, "all", {}) : activityCountSelect(db, shape, values);
  return [activityPageSelect(db, shape, { ...values, limit, offset }), total] as const;
}
type ActivityRow = Awaited<ReturnType<typeof activityPageQueries>[0]>[number];

export function toActivityPage(rows: ActivityRow[], totals: { total: number }[]) {
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

/** Newest first; `q` searches action and details (the admin console's Platform Activity). */
export async function listActivity(db: Database, scope: ActivityScope, page: { limit: number; offset: number }) {
  const [rows, totals] = await db.batch(activityPageQueries(db, scope, page));
  return toActivityPage(rows, totals);
}
