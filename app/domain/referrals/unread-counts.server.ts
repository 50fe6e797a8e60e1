import { and, count, eq, isNull, sql } from "drizzle-orm";
import { notifications } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";

// The sidebar's unread notifications and unread referral messages, one statement that rides with the
// session lookup of the `_app` layout (decision 040). Here, above both, so the effects kernel that
// writes notifications needs nothing of referral threads.

/**
 * The viewer's unread messages for the sidebar, as two columns for the layout's one unread-count
 * statement (unreadCountQuery below): on referrals they made (next to My Referrals)
 * and on referrals to a business they work for (next to Incoming Referrals). Rows of a seat the
 * viewer no longer holds are not counted.
 */
export function sidebarMessageCountsSql(kind: ViewerKind) {
  const me = viewerIdSql(kind);
  // Written out with aliases: Drizzle leaves columns unqualified inside a select's SQL fields, and
  // four of these tables have a user_id.
  const fromUnreads = sql`from referral_message_unreads mu
    join referrals mr on mr.id = mu.referral_id
    join connectors mc on mc.id = mr.connector_id`;
  return {
    connectorMessages: sql<number>`(select coalesce(sum(mu.unread_count), 0) ${fromUnreads}
      where mu.user_id = ${me} and mc.user_id = ${me})`
      .mapWith(Number)
      .as("connector_messages"),
    businessMessages: sql<number>`(select coalesce(sum(mu.unread_count), 0) ${fromUnreads}
      join businesses mb on mb.id = mr.business_id
      where mu.user_id = ${me} and mc.user_id <> ${me}
      and (mb.user_id = ${me} or exists (select 1 from team_members mt where mt.business_id = mb.id and mt.user_id = ${me})))`
      .mapWith(Number)
      .as("business_messages"),
  };
}

const unreadSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    // The unread messages of referral threads ride in the same statement (issue 16): no statement more.
    .select({ n: count(), ...sidebarMessageCountsSql(kind) })
    .from(notifications)
    .where(and(eq(notifications.userId, viewerIdSql(kind)), isNull(notifications.readAt))),
);

/**
 * The viewer's unread notifications (`n`) and unread referral messages per side, a read that may
 * ride with the session lookup (the `_app` layout's).
 */
export function unreadCountQuery(db: Database, viewer: Viewer) {
  return unreadSelect(db, viewerKind(viewer), viewerValues(viewer));
}
