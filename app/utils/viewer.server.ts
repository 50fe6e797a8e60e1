import { type SQL, sql } from "drizzle-orm";
import { apiKeys, sessions } from "../../db/schema";

/**
 * Whom a screen's statements read for: the signed-in user by id; or, when the statements travel in
 * the caller's own lookup batch before the user is known, by the id of their session (session.server
 * `sessionWith`) or the hash of their API key (api-auth.server `requireApiUserWith`). Results read by
 * session or key are used only once the lookup has accepted that session or key.
 */
export type Viewer = { userId: number } | { sessionId: string } | { apiKeyHash: string };
export type ViewerKind = "user" | "session" | "key";

export const viewerKind = (viewer: Viewer): ViewerKind =>
  "userId" in viewer ? "user" : "sessionId" in viewer ? "session" : "key";

/** The viewer's user id in a prepared select of shape `kind` (placeholders viewerId / viewerSession / viewerKey). */
export function viewerIdSql(kind: ViewerKind): SQL {
  if (kind === "user") return sql`${sql.placeholder("viewerId")}`;
  if (kind === "session")
    return sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sql.placeholder("viewerSession")})`;
  // A revoked key reads as nobody; the lookup refuses it (and every other kind of bad key) anyway.
  return sql`(select ${apiKeys.userId} from ${apiKeys} where ${apiKeys.keyHash} = ${sql.placeholder("viewerKey")} and ${apiKeys.revokedAt} is null)`;
}

/** The values viewerIdSql's placeholders take. */
export function viewerValues(viewer: Viewer) {
  return {
    viewerId: "userId" in viewer ? viewer.userId : null,
    viewerSession: "sessionId" in viewer ? viewer.sessionId : null,
    viewerKey: "apiKeyHash" in viewer ? viewer.apiKeyHash : null,
  };
}
