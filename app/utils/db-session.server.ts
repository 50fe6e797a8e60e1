import { isLocalRequest } from "./env.server";

/**
 * D1 read replication (decision 074): every request's queries run in one D1 session, so they may be
 * answered by a nearby read replica, and the session's bookmark travels to the person's next request
 * so that a replica serving it is at least as new as everything they wrote or saw.
 *
 * - Screens carry it in a cookie of its own (BOOKMARK_COOKIE); API callers in a header
 *   (BOOKMARK_HEADER), which any request may send and every /api answer with a bookmark returns.
 * - Without one, reads (GET, HEAD) may start anywhere ("first-unconstrained"); a write starts at the
 *   primary ("first-primary"), so whatever it checks before it writes is current.
 * - Only a bookmark of D1's own shape is used: anything else is ignored (the request starts as if it
 *   had none), never sent to D1, never echoed back.
 * - libSQL (LIBSQL_URL) has no sessions: the same path with a session that never has a bookmark.
 */
export const BOOKMARK_COOKIE = "__d1_bookmark";
export const BOOKMARK_HEADER = "X-D1-Bookmark";
/** Replicas trail the primary by moments; a bookmark older than this protects nothing any more. */
export const BOOKMARK_MAX_AGE_SECONDS = 10 * 60;

/** What D1 (and workerd's local D1) hand out: commit positions in hex, sortable as strings. */
const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${BOOKMARK_COOKIE}=([^;]*)`);

export function isBookmark(value: string | null | undefined): value is string {
  return typeof value === "string" && BOOKMARK_PATTERN.test(value);
}

/** The bookmark a request brings: its header first (an API caller's), else its cookie; only D1's shape. */
export function bookmarkOf(request: Request): string | null {
  const header = request.headers.get(BOOKMARK_HEADER)?.trim();
  if (isBookmark(header)) return header;
  const cookie = COOKIE_PATTERN.exec(request.headers.get("Cookie") ?? "")?.[1];
  return isBookmark(cookie) ? cookie : null;
}

const READS = new Set(["GET", "HEAD"]);

/** Where a request without a bookmark starts: reads anywhere, writes at the primary. */
export function constraintFor(request: Request): D1SessionConstraint {
  return READS.has(request.method) ? "first-unconstrained" : "first-primary";
}

/** One request's database session: D1's, or none (libSQL); `given` is the bookmark it came with. */
export type RequestDbSession = {
  readonly d1: D1DatabaseSession | null;
  readonly given: string | null;
  getBookmark(): string | null;
};

export function openRequestSession(env: Pick<CloudflareEnv, "DB" | "LIBSQL_URL">, request: Request): RequestDbSession {
  const given = bookmarkOf(request);
  if (env.LIBSQL_URL || !env.DB) return { d1: null, given, getBookmark: () => null };
  const d1 = env.DB.withSession(given ?? constraintFor(request));
  return { d1, given, getBookmark: () => d1.getBookmark() };
}

/** Each request's session, read once the response is ready (like requestStats). */
export const requestSessions = new WeakMap<Request, RequestDbSession>();

function bookmarkCookie(request: Request, bookmark: string): string {
  const secure = isLocalRequest(request) ? "" : "; Secure";
  return `${BOOKMARK_COOKIE}=${bookmark}; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Hands the session's latest bookmark to the caller. An /api answer returns it in the header. A
 * screen writes the cookie after a write (any method but GET and HEAD), or when the bookmark moved
 * past the cookie the request brought; a reader who never wrote gets no cookie, so anonymous pages
 * stay free of Set-Cookie (and cacheable).
 */
export function passBookmark(request: Request, response: Response): void {
  const session = requestSessions.get(request);
  const bookmark = session?.getBookmark();
  if (!session || !isBookmark(bookmark)) return;
  try {
    const { pathname } = new URL(request.url);
    if (pathname === "/api" || pathname.startsWith("/api/")) {
      response.headers.set(BOOKMARK_HEADER, bookmark);
      return;
    }
    const wrote = !READS.has(request.method);
    if (wrote || (session.given !== null && bookmark !== session.given)) {
      response.headers.append("Set-Cookie", bookmarkCookie(request, bookmark));
    }
  } catch {
    // Immutable headers (a response passed through): this answer goes without; the next carries it.
  }
}
