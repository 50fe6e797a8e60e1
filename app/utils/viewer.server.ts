import { type SQL, sql } from "drizzle-orm";
import { sessions } from "../../db/schema";

/**
 * Whom a screen's statements read for: the signed-in user by id, or by the id of their session when
 * the statements travel in the session lookup's own batch, before the user is known (session.server
 * `sessionWith`). Results read by session are used only once the lookup has accepted that session.
 */
export type Viewer = { userId: number } | { sessionId: string };
export type ViewerKind = "user" | "session";

export const viewerKind = (viewer: Viewer): ViewerKind => ("userId" in viewer ? "user" : "session");

/** The viewer's user id in a prepared select of shape `kind` (placeholders viewerId / viewerSession). */
export function viewerIdSql(kind: ViewerKind): SQL {
  return kind === "user"
    ? sql`${sql.placeholder("viewerId")}`
    : sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sql.placeholder("viewerSession")})`;
}

/** The values viewerIdSql's placeholders take. */
export function viewerValues(viewer: Viewer) {
  return "userId" in viewer
    ? { viewerId: viewer.userId, viewerSession: null }
    : { viewerId: null, viewerSession: viewer.sessionId };
}
