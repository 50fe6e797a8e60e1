import type { Database } from "~/utils/db.server";

/** What every loader and action receives as `context`, built once per request. */
declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: CloudflareEnv; ctx: { waitUntil: (p: Promise<unknown>) => void } };
    /** Lazily created database client shared by all loaders of one request. */
    db: () => Database;
    /** Per-request memo, e.g. the session user read once for the root and the child loaders. */
    memo: Map<string, unknown>;
    /** CSP nonce for inline scripts. */
    nonce: string;
    /** The session the request's cookie names (the SHA-256 of its token), or null; not yet checked
     * against the database (session.server does that). Known before any loader starts. */
    sessionId: string | null;
    /** The client address and country of the request, kept with a session's last-seen time. */
    sessionOrigin?: { ipAddress: string | null; country: string | null };
  }
}
