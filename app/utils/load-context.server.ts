import type { AppLoadContext } from "@remix-run/cloudflare";
import { randomToken } from "./crypto.server";
import { type DbStats, instrumentD1, newDbStats } from "./d1-stats.server";
import { createDatabase, type Database } from "./db.server";
import { bookmarkOf, openRequestSession, requestSessions } from "./db-session.server";
import { sessionIdOf, sessionOriginOf } from "./session.server";

/** The database use of each request, read by the Worker's fetch (functions/worker.ts) to add a Server-Timing header. */
export const requestStats = new WeakMap<Request, DbStats>();

/**
 * Builds what every loader and action receives as `context` (app/load-context.ts), before any of
 * them starts. The session id is computed here, so a loader's statements ride with the session
 * lookup whenever it asks before its first await, however long the cookie's signature takes.
 */
export async function getLoadContext({
  request,
  context,
}: {
  request: Request;
  context: { cloudflare: { env: CloudflareEnv; ctx: { waitUntil: (p: Promise<unknown>) => void } } };
}): Promise<AppLoadContext> {
  const { env, ctx } = context.cloudflare;
  const stats = newDbStats();
  requestStats.set(request, stats);
  let db: Database | undefined;
  let nonce: string | undefined;
  // Both checks are signatures: they run side by side, before any loader.
  const [sessionId, given] = await Promise.all([sessionIdOf(request, env), bookmarkOf(request, env.SESSION_SECRET)]);
  return {
    cloudflare: { env, ctx },
    db: () => {
      if (!db) {
        // One D1 session per request, opened at the bookmark the caller brought (decision 074).
        const session = openRequestSession(env, request, given);
        requestSessions.set(request, session);
        db = createDatabase(env, session.d1 && instrumentD1(session.d1, stats));
      }
      return db;
    },
    memo: new Map(),
    // Made when a document is rendered: an API answer or a redirect never reads it.
    get nonce() {
      nonce ??= randomToken(16);
      return nonce;
    },
    sessionId,
    // Where the request comes from, written with a session's last-seen time (decision 107).
    get sessionOrigin() {
      const { ipAddress, country } = sessionOriginOf(request);
      return { ipAddress, country };
    },
  };
}
