import { and, desc, eq, gt, sql } from "drizzle-orm";
import { sessions } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { notFound } from "../../utils/errors.server";
import { preparedSelect } from "../../utils/prepared-select.server";
import { securityEvent } from "../../utils/security-log.server";
import { otherSessionsDelete, SESSION_IDLE_MS, type SessionUser } from "../../utils/session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "../../utils/viewer.server";

/**
 * The user's own sessions, as Settings and `/api/auth/sessions` show them (decision 107): what
 * recognises a session (device, where from, when), named by an opaque public id, never by the
 * token's hash. Only the signed-in person sees or ends their sessions; anyone else's id is a 404 like
 * an unknown one.
 */
export const SESSION_LIST_LIMIT = 50;
export const SESSION_NOT_FOUND = "Session not found";

const sessionListSelect = preparedSelect((db, kind: ViewerKind) =>
  db
    .select({
      // Compared with the caller's session to mark "This device"; never leaves this module.
      key: sql<string>`${sessions.id}`.as("session_key"),
      publicId: sessions.publicId,
      device: sessions.device,
      ipAddress: sessions.ipAddress,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, viewerIdSql(kind)),
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(sql.placeholder("limit")),
);

/** The viewer's live sessions, newest first: a read that may ride with the session lookup. */
export function sessionListQuery(db: Database, viewer: Viewer, now = Date.now()) {
  return sessionListSelect(db, viewerKind(viewer), {
    ...viewerValues(viewer),
    now,
    idleSince: now - SESSION_IDLE_MS,
    limit: SESSION_LIST_LIMIT,
  });
}

type SessionRow = Awaited<ReturnType<typeof sessionListQuery>>[number];
export type UserSessionView = {
  id: string;
  device: string;
  ipAddress: string | null;
  country: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

/** The rows as shown, this request's session first and marked `current`. */
export function toSessionList(rows: SessionRow[], currentSessionId: string | null): UserSessionView[] {
  const views = rows
    .filter((row) => row.publicId !== null)
    .map((row) => ({
      id: row.publicId as string,
      device: row.device ?? "Unknown device",
      ipAddress: row.ipAddress,
      country: row.country,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.key === currentSessionId,
    }));
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

export async function listSessions(db: Database, actor: SessionUser, currentSessionId: string | null) {
  return toSessionList(await sessionListQuery(db, { userId: actor.id }), currentSessionId);
}

/** Ends one of the actor's sessions by its public id (their current one too: that is a logout). */
export async function endSession(db: Database, actor: SessionUser, publicId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, actor.id), eq(sessions.publicId, publicId)))
    .returning({ userId: sessions.userId });
  if (ended.length === 0) throw notFound(SESSION_NOT_FOUND);
  securityEvent("session_ended", { userId: actor.id, others: false });
}

/** "Sign out other sessions": every session of the actor but this request's. Answers how many ended. */
export async function endOtherSessions(db: Database, actor: SessionUser, currentSessionId: string | null) {
  const ended = await otherSessionsDelete(db, actor.id, currentSessionId).returning({ userId: sessions.userId });
  securityEvent("session_ended", { userId: actor.id, others: true, count: ended.length });
  return ended.length;
}
