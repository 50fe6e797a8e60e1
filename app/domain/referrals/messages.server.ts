import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { MessageSide } from "../../../db/enums";
import {
  businesses,
  connectors,
  mailOutbox,
  referralMessages,
  referralMessageUnreads,
  teamMembers,
  users,
} from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { forbidden } from "../../utils/errors.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { assertWithinLimits } from "../../utils/rate-limit.server";
import type { SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";
import type { MessageInput } from "../../validation/referral-message";
import { effectStatements } from "../effects/effects.server";
import { linkedNoticesReadUpdate } from "../effects/notifications.server";
import { requireReferralViewer } from "./access.server";

/**
 * A referral's conversation (issue 16 section 4, decisions 059 and 060): its connector and the
 * business's team write; platform admins read. Every post counts one unread message for each reader
 * on the other side (kept in referral_message_unreads, so the sidebar's count is one small sum) and
 * mails those of them who had nothing unread in this thread: one mail per burst, not per message.
 */

/** Per user, across all threads (decision 059): a lively exchange fits, a script does not. */
export const MESSAGES_PER_USER_PER_MINUTE = { limit: 10, windowMs: 60_000 };
export const MESSAGES_PER_USER_PER_DAY = { limit: 200, windowMs: 24 * 60 * 60_000 };
export const MESSAGES_TOO_MANY = "You are sending messages too quickly. Please wait a moment and try again.";
export const ADMINS_READ_ONLY = "Platform admins can read this conversation but not write in it";
/** The screen shows the newest messages of a thread, oldest first; the API pages through them all. */
export const THREAD_SCREEN_LIMIT = 100;
/** How much of a message its mail quotes. */
const EXCERPT_LENGTH = 300;

export type MessageDto = {
  id: number;
  referralId: number;
  authorSide: MessageSide;
  /** Null when the author's account was deleted. */
  authorName: string | null;
  body: string;
  createdAt: string;
};

const messageColumns = {
  id: referralMessages.id,
  referralId: referralMessages.referralId,
  authorSide: referralMessages.authorSide,
  body: referralMessages.body,
  createdAt: referralMessages.createdAt,
  authorName: sql<string | null>`${users.name}`.as("author_name"),
};

function toMessageDto(row: {
  id: number;
  referralId: number;
  authorSide: MessageSide;
  body: string;
  createdAt: Date;
  authorName: string | null;
}): MessageDto {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

type ReferralViewer = Awaited<ReturnType<typeof requireReferralViewer>>;

/** Which side a viewer writes for; null for a platform admin, who only reads. */
function sideOf(viewer: ReferralViewer): MessageSide | null {
  if (viewer.role === "platformAdmin") return null;
  return viewer.role === "connector" ? "connector" : "business";
}

/** `GET /api/referrals/{id}/messages`: oldest first, a page at a time. Strangers get 404. */
export async function listMessages(
  db: Database,
  actor: SessionUser,
  referralId: number,
  page: { limit: number; offset: number },
): Promise<{ items: MessageDto[]; total: number }> {
  await requireReferralViewer(db, actor, referralId);
  const [rows, totals] = await db.batch([
    db
      .select(messageColumns)
      .from(referralMessages)
      .leftJoin(users, eq(users.id, referralMessages.authorUserId))
      .where(eq(referralMessages.referralId, referralId))
      .orderBy(asc(referralMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(referralMessages).where(eq(referralMessages.referralId, referralId)),
  ]);
  return { items: rows.map(toMessageDto), total: totals[0]?.n ?? 0 };
}

const threadSelect = preparedSelect((db, _shape: null) =>
  db
    .select(messageColumns)
    .from(referralMessages)
    .leftJoin(users, eq(users.id, referralMessages.authorUserId))
    .where(eq(referralMessages.referralId, sql.placeholder("referralId")))
    .orderBy(desc(referralMessages.id))
    .limit(sql.placeholder("limit")),
);

const threadCountsSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({
      total: count(),
      unread: sql<number>`coalesce((select mu.unread_count from referral_message_unreads mu
        where mu.referral_id = ${sql.placeholder("referralId")} and mu.user_id = ${viewerIdSql(kind)}), 0)`
        .mapWith(Number)
        .as("unread"),
    })
    .from(referralMessages)
    .where(eq(referralMessages.referralId, sql.placeholder("referralId"))),
);

/**
 * The referral page's thread, as statements that ride with the session lookup (no round trip of
 * their own). They read before anyone is authorized: use them through `toThread` only after
 * requireReferralViewer has let the viewer in.
 */
export function threadQueries(db: Database, viewer: Viewer, referralId: number) {
  return [
    threadSelect(db, null, { referralId, limit: THREAD_SCREEN_LIMIT }),
    threadCountsSelect(db, viewerKind(viewer), { referralId, ...viewerValues(viewer) }),
  ] as const;
}

type ThreadResults = readonly [Awaited<ReturnType<typeof threadQueries>[0]>, Awaited<ReturnType<typeof threadQueries>[1]>];

/** What the screen shows: the newest messages oldest first, how many there are, how many are new. */
export function toThread(viewer: ReferralViewer, [rows, counts]: ThreadResults) {
  const side = sideOf(viewer);
  return {
    messages: rows.map(toMessageDto).reverse(),
    total: counts[0]?.total ?? 0,
    unread: counts[0]?.unread ?? 0,
    canWrite: side !== null,
    /** The viewer's side; null for a platform admin. */
    side,
  };
}

/**
 * Who may write in a referral's thread: its connector and the business's owner and team. Platform
 * admins, who may read it, get 403; anyone else 404 (as if the referral did not exist).
 */
export async function requireMessageWriter(db: Database, actor: SessionUser, referralId: number) {
  const viewer = await requireReferralViewer(db, actor, referralId);
  const side = sideOf(viewer);
  if (!side) throw forbidden(ADMINS_READ_ONLY);
  return { ...viewer, side };
}

export type MessageWriter = Awaited<ReturnType<typeof requireMessageWriter>>;

/** The other side's readers of a referral's thread, never the author: a subquery with a user_id column. */
function readersSql(writer: MessageWriter, authorId: number): SQL {
  const referral = writer.row.referral;
  if (writer.side === "business") {
    return sql`select ${connectors.userId} as user_id from ${connectors} where ${connectors.id} = ${referral.connectorId}
      except select ${authorId}`;
  }
  // The owner and every accepted seat (a pending invitation has no user yet), as the team's notices.
  return sql`select ${businesses.userId} as user_id from ${businesses} where ${businesses.id} = ${referral.businessId}
    union
    select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.businessId} = ${referral.businessId} and ${teamMembers.userId} is not null
    except select ${authorId}`;
}

const excerptOf = (body: string) => (body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : body);

/**
 * Posts a message as `writer` (what requireMessageWriter granted, so the caller authorizes before
 * reading the body). Counted against the author's pace first; then the message, the mail to readers
 * who had nothing unread here (decision 060), their unread counts and the author's own thread marked
 * read land in one batch.
 */
export async function postMessage(
  db: Database,
  actor: SessionUser,
  writer: MessageWriter,
  input: MessageInput,
): Promise<MessageDto> {
  await assertWithinLimits(
    db,
    [
      [`message:user:${actor.id}:minute`, MESSAGES_PER_USER_PER_MINUTE],
      [`message:user:${actor.id}:day`, MESSAGES_PER_USER_PER_DAY],
    ],
    MESSAGES_TOO_MANY,
  );
  const referralId = writer.row.referral.id;
  const now = Date.now();
  const readers = sql`(${readersSql(writer, actor.id)}) as readers`;
  const path = `/referrals/${referralId}`;
  const nothingUnreadYet = sql`not exists (select 1 from referral_message_unreads mu where mu.user_id = readers.user_id
    and mu.referral_id = ${referralId} and mu.unread_count > 0)`;
  const payload = {
    path,
    authorName: actor.name,
    authorSide: writer.side,
    businessName: writer.row.businessName,
    referredPersonName: writer.row.referral.referredPersonName,
    excerpt: excerptOf(input.body),
  };
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db
      .insert(referralMessages)
      .values({ referralId, authorUserId: actor.id, authorSide: writer.side, body: input.body, createdAt: new Date(now) })
      .returning({ id: referralMessages.id, createdAt: referralMessages.createdAt }),
    // Right after the insert, last_insert_rowid() is the message's id (decision 080: both sides of
    // the thread read it, so the business's integrations may too).
    ...effectStatements(db, {
      events: [
        {
          businessId: writer.row.referral.businessId,
          connectorId: writer.row.referral.connectorId,
          type: "referral.message_posted",
          data: {
            id: null,
            referralId,
            authorSide: writer.side,
            authorName: actor.name,
            body: input.body,
            createdAt: new Date(now).toISOString(),
          } satisfies Omit<MessageDto, "id"> & { id: null },
          idSql: sql`last_insert_rowid()`,
        },
      ],
      // In Notifications too (issue 37 item 2): once per burst, as the mail, to a reader with nothing
      // unread here; further messages show as the thread's count on the card and in the sidebar.
      usersNotices: [
        {
          users: readers,
          title: `New message about the referral of ${writer.row.referral.referredPersonName}`,
          body: `${actor.name}${writer.side === "business" ? ` of ${writer.row.businessName}` : ""}: ${excerptOf(input.body)}`,
          link: threadLinkOf(referralId),
          referralId,
          where: nothingUnreadYet,
        },
      ],
    }),
    // Before the counts go up: only a reader with nothing unread in this thread gets a mail.
    // id, kind, user_id, to_address, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at
    db.insert(mailOutbox).select(
      sql`select null, 'referral_message', readers.user_id, null, ${JSON.stringify(payload)}, 'pending', 0, ${now}, null, ${now}, null
          from ${readers}
          where ${nothingUnreadYet}`,
    ),
    // user_id, referral_id, unread_count ("where true": SQLite's upsert after INSERT … SELECT needs a WHERE).
    db
      .insert(referralMessageUnreads)
      .select(sql`select readers.user_id, ${referralId}, 1 from ${readers} where true`)
      .onConflictDoUpdate({
        target: [referralMessageUnreads.userId, referralMessageUnreads.referralId],
        set: { unreadCount: sql`${referralMessageUnreads.unreadCount} + 1` },
      }),
    // Answering is reading: whatever the author had unread here is read now, its notification too.
    unreadDelete(db, actor.id, referralId),
    linkedNoticesReadUpdate(db, actor.id, threadLinkOf(referralId)),
  ];
  const [inserted] = (await db.batch(statements)) as [{ id: number; createdAt: Date }[]];
  const message = inserted[0];
  if (!message) throw new Error("message vanished after insert");
  return toMessageDto({
    id: message.id,
    referralId,
    authorSide: writer.side,
    body: input.body,
    createdAt: message.createdAt,
    authorName: actor.name,
  });
}

function unreadDelete(db: Database, userId: number, referralId: number) {
  return db
    .delete(referralMessageUnreads)
    .where(and(eq(referralMessageUnreads.userId, userId), eq(referralMessageUnreads.referralId, referralId)));
}

/**
 * Marks the thread read for the actor (decision 059: a POST, never a GET): the page's form or its
 * script, `POST /api/referrals/{id}/messages/read`, and posting a reply. Admins have nothing unread: 403.
 */
export async function markThreadRead(db: Database, actor: SessionUser, referralId: number): Promise<void> {
  await requireMessageWriter(db, actor, referralId);
  await db.batch([unreadDelete(db, actor.id, referralId), linkedNoticesReadUpdate(db, actor.id, threadLinkOf(referralId))]);
}

/** Where a message's notification points: the thread on the referral's page (and how it is found again once read). */
export const threadLinkOf = (referralId: number) => `/referrals/${referralId}#messages`;
