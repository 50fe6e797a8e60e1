import { and, count, desc, eq, is, isNull, SQL, sql } from "drizzle-orm";
import { businesses, mailOutbox, type NotificationMailKind, notifications, teamMembers } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { notFound } from "../../utils/errors.server";
import { placeholders, preparedWrite } from "../../utils/prepared-select.server";
import type { SessionUser } from "../../utils/session.server";

export function notificationInsert(
  db: Database,
  n: {
    userId: number | SQL;
    title: string;
    body?: string | null;
    /** A link and referral known only inside the batch are SQL expressions. */
    link?: string | SQL | null;
    referralId?: number | SQL | null;
    /** A condition checked in the same statement (a guarded change still holding): no row without it. */
    when?: SQL;
  },
) {
  if (n.when)
    // id, user_id, title, body, link, referral_id, read_at, created_at
    return db
      .insert(notifications)
      .select(
        sql`select null, ${n.userId}, ${n.title}, ${n.body ?? null}, ${n.link ?? null}, ${n.referralId ?? null}, null, ${Date.now()} where ${n.when}`,
      );
  const values = {
    userId: n.userId,
    title: n.title,
    body: n.body ?? null,
    link: n.link ?? null,
    referralId: n.referralId ?? null,
    createdAt: new Date(),
  };
  // For known values it is built once (decision 089); one naming a row of the same batch by SQL is not.
  if ([values.userId, values.link, values.referralId].some((value) => is(value, SQL))) {
    return db.insert(notifications).values(values);
  }
  return plainNotification(db, null, values);
}

const plainNotification = preparedWrite((db, _: null) =>
  db.insert(notifications).values(placeholders("userId", "title", "body", "link", "referralId", "createdAt")),
);

/**
 * A notification to each user a subquery names (`users`: a FROM item with a user_id column, e.g.
 * `(select …) as readers`), as one INSERT … SELECT for the caller's batch; `where` narrows the rows.
 */
export function usersNoticeInsert(
  db: Database,
  notice: { users: SQL; title: string; body: string; link: string; referralId: number; where?: SQL },
) {
  const where = notice.where ? sql` where ${notice.where}` : sql``;
  // id, user_id, title, body, link, referral_id, read_at, created_at
  return db
    .insert(notifications)
    .select(
      sql`select null, user_id, ${notice.title}, ${notice.body}, ${notice.link}, ${notice.referralId}, null, ${Date.now()} from ${notice.users}${where}`,
    );
}

/** Marks read the user's unread notifications that link to `link` (a thread's, once the thread is read). */
export function linkedNoticesReadUpdate(db: Database, userId: number, link: string) {
  return db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.link, link), isNull(notifications.readAt)));
}

/**
 * Who hears about a business's new referrals: its owner and every accepted seat (a pending
 * invitation has no user yet, decision 046), each once, never `exceptUserId` (the person who made
 * the referral, should they also be on the team).
 */
function businessTeamSql(businessId: number | SQL, exceptUserId: number | null) {
  return sql`select ${businesses.userId} as user_id from ${businesses} where ${businesses.id} = ${businessId}
    union
    select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.businessId} = ${businessId} and ${teamMembers.userId} is not null
    except select ${exceptUserId ?? 0}`;
}

/**
 * An in-app notification and a mail outbox row for each of the business's team (businessTeamSql),
 * as INSERT … SELECT statements for the caller's batch: no round trip to read the team first. The
 * outbox decides at send time whether each person's mail goes (verified address, kind left on).
 */
export function businessTeamNoticeStatements(
  db: Database,
  notice: {
    /** The business, or an expression for it (null names no team: nothing is inserted). */
    businessId: number | SQL;
    exceptUserId: number | null;
    title: string;
    body: string;
    link: string;
    /** The referral's id, or an expression for one inserted earlier in the same batch. */
    referralId: number | SQL;
    mail: { kind: NotificationMailKind; payload: Record<string, unknown> };
    /** A condition checked in the same statements (a guarded change still holding): no rows without it. */
    when?: SQL;
  },
) {
  // Drizzle's INSERT … SELECT from SQL lists every column of the table in schema order, so each
  // select below names them all in that order. (A raw `db.run(sql)` with parameters cannot go in a
  // D1 batch: Drizzle's D1 session needs a prepared statement for it.)
  const team = sql`(${businessTeamSql(notice.businessId, notice.exceptUserId)}) as team`;
  const now = Date.now();
  const when = notice.when ? sql` where ${notice.when}` : sql``;
  return [
    // id, user_id, title, body, link, referral_id, read_at, created_at
    db
      .insert(notifications)
      .select(
        sql`select null, team.user_id, ${notice.title}, ${notice.body}, ${notice.link}, ${notice.referralId}, null, ${now} from ${team}${when}`,
      ),
    // id, kind, user_id, to_address, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at
    db
      .insert(mailOutbox)
      .select(
        sql`select null, ${notice.mail.kind}, team.user_id, null, ${JSON.stringify(notice.mail.payload)}, 'pending', 0, ${now}, null, ${now}, null from ${team}${when}`,
      ),
  ] as const;
}

/** The acting user's own notifications (nobody reads another's, decision 147). */
export async function listNotifications(db: Database, actor: Pick<SessionUser, "id">, { limit = 50, offset = 0 } = {}) {
  const userId = actor.id;
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

/** Marks one notification (or, with `id` null, all) of the user as read; another user's id is 404. */
export async function markRead(db: Database, actor: Pick<SessionUser, "id">, id: number | null) {
  const userId = actor.id;
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
