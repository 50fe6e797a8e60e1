import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import { notifications } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { notFound } from "../utils/errors.server";
import { preparedSelect } from "../utils/prepared-select.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../utils/viewer.server";

export function notificationInsert(
  db: Database,
  n: { userId: number | SQL; title: string; body?: string | null; link?: string | null; referralId?: number | null },
) {
  return db.insert(notifications).values({
    userId: n.userId,
    title: n.title,
    body: n.body ?? null,
    link: n.link ?? null,
    referralId: n.referralId ?? null,
    createdAt: new Date(),
  });
}

export async function listNotifications(db: Database, userId: number, { limit = 50, offset = 0 } = {}) {
  const [rows, unread, totals] = await db.batch([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return {
    items: rows.map((n) => ({
      id: n.id,
      title: n.title,
      body: n.body,
      link: n.link,
      referralId: n.referralId,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    })),
    unread: unread[0]?.n ?? 0,
    total: totals[0]?.n ?? 0,
  };
}

const unreadSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, viewerIdSql(kind)), isNull(notifications.readAt))),
);

/** The viewer's unread notifications, a read that may ride with the session lookup (the `_app` layout's). */
export function unreadCountQuery(db: Database, viewer: Viewer) {
  return unreadSelect(db, viewerKind(viewer), viewerValues(viewer));
}

/** Marks one notification (or, with `id` null, all) of the user as read; another user's id is 404. */
export async function markRead(db: Database, userId: number, id: number | null) {
  if (id === null) {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return;
  }
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound("Notification not found");
}
