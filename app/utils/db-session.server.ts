import { hmacSign, timingSafeEqual } from "./crypto.server";
import { isLocalRequest } from "./env.server";
import { callerIsKnown } from "./security-headers.server";

/**
 * D1 read replication (decision 074): every request's queries run in one D1 session, so they may be
 * answered by a nearby read replica, and the session's bookmark travels to the person's next request
 * so that a replica serving it is at least as new as everything they wrote or saw.
 *
 * - Screens carry it in a cookie of its own (`__Host-d1_bookmark` over HTTPS, `__d1_bookmark` over
 *   plain HTTP locally); API callers in a header (BOOKMARK_HEADER).
 * - It goes only to a caller who can bring it back and use it: signed in, signing in, or with an API
 *   key (decision 118); an anonymous answer carries none, so it tells nobody how busy the database is.
 * - What travels is the bookmark signed by the app (`<bookmark>.<HMAC>`, decision 118): a bookmark the
 *   app did not issue (forged, far in the future, mangled) is ignored (the request starts as if it had
 *   none), never sent to D1, never echoed back.
 * - Without one, reads (GET, HEAD) may start anywhere ("first-unconstrained"); a write starts at the
 *   primary ("first-primary"), so whatever it checks before it writes is current.
 * - libSQL (LIBSQL_URL) has no sessions: the same path with a session that never has a bookmark.
 */
export const BOOKMARK_COOKIE = "__d1_bookmark";
export const HOST_BOOKMARK_COOKIE = "__Host-d1_bookmark";
export const BOOKMARK_HEADER = "X-D1-Bookmark";
/** Replicas trail the primary by moments; a bookmark older than this protects nothing any more. */
export const BOOKMARK_MAX_AGE_SECONDS = 10 * 60;

/** What D1 (and workerd's local D1) hand out: commit positions in hex, sortable as strings. */
const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
/** What the app hands out: the bookmark, a dot, its HMAC-SHA-256 in base64url (43 characters). */
const SIGNED_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;
const COOKIE_PATTERNS = {
  [BOOKMARK_COOKIE]: new RegExp(`(?:^|;\\s*)${BOOKMARK_COOKIE}=([^;]*)`),
  [HOST_BOOKMARK_COOKIE]: new RegExp(`(?:^|;\\s*)${HOST_BOOKMARK_COOKIE}=([^;]*)`),
};

export function isBookmark(value: string | null | undefined): value is string {
  return typeof value === "string" && BOOKMARK_PATTERN.test(value);
}

/** The bookmark cookie's name for this request's scheme (like the session's): only that name is read or written. */
export function bookmarkCookieName(request: Request): typeof BOOKMARK_COOKIE | typeof HOST_BOOKMARK_COOKIE {
  return new URL(request.url).protocol === "https:" ? HOST_BOOKMARK_COOKIE : BOOKMARK_COOKIE;
}

/** The signed bookmark a request brings, unchecked: its header first (an API caller's), else its cookie. */
export function signedBookmarkOf(request: Request): { bookmark: string; signature: string } | null {
  const fromHeader = SIGNED_PATTERN.exec(request.headers.get(BOOKMARK_HEADER)?.trim() ?? "");
  const name = bookmarkCookieName(request);
  const cookie = COOKIE_PATTERNS[name].exec(request.headers.get("Cookie") ?? "")?.[1];
  const match = fromHeader ?? SIGNED_PATTERN.exec(cookie ?? "");
  return match ? { bookmark: match[1] as string, signature: match[2] as string } : null;
}

/** The bookmark's HMAC under SESSION_SECRET, with its own purpose so that no other signature fits. */
const signatureOf = (secret: string, bookmark: string) => hmacSign(secret, `d1-bookmark:${bookmark}`);

/** A bookmark as the app hands it out. */
export async function signBookmark(secret: string, bookmark: string): Promise<string> {
  return `${bookmark}.${await signatureOf(secret, bookmark)}`;
}

/** The bookmark a request brings, if the app issued it (its signature holds); anything else is null. */
export async function bookmarkOf(request: Request, secret: string): Promise<string | null> {
  const signed = signedBookmarkOf(request);
  if (!signed) return null;
  return timingSafeEqual(signed.signature, await signatureOf(secret, signed.bookmark)) ? signed.bookmark : null;
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

/** `given`: the bookmark the request brought, already checked by bookmarkOf. */
export function openRequestSession(
  env: Pick<CloudflareEnv, "DB" | "LIBSQL_URL">,
  request: Request,
  given: string | null,
): RequestDbSession {
  if (env.LIBSQL_URL || !env.DB) return { d1: null, given, getBookmark: () => null };
  const d1 = env.DB.withSession(given ?? constraintFor(request));
  return { d1, given, getBookmark: () => d1.getBookmark() };
}

/** Each request's session, read once the response is ready (like requestStats). */
export const requestSessions = new WeakMap<Request, RequestDbSession>();

function bookmarkCookie(request: Request, value: string): string {
  const name = bookmarkCookieName(request);
  const secure = name === HOST_BOOKMARK_COOKIE || !isLocalRequest(request) ? "; Secure" : "";
  return `${name}=${value}; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Hands the session's latest bookmark, signed, to a caller who can use it (decision 118): one with a
 * session or an API key, or being signed in by this answer. An /api answer returns it in the header.
 * A screen writes the cookie after a write (any method but GET and HEAD), or when the bookmark moved
 * past the one the request brought. Anonymous answers get neither, so they stay free of Set-Cookie.
 */
export async function passBookmark(request: Request, response: Response, secret: string): Promise<void> {
  const session = requestSessions.get(request);
  const bookmark = session?.getBookmark();
  if (!session || !isBookmark(bookmark) || !callerIsKnown(request, response)) return;
  const { pathname } = new URL(request.url);
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  const wrote = !READS.has(request.method);
  if (!isApi && !wrote && (session.given === null || bookmark === session.given)) return;
  const signed = await signBookmark(secret, bookmark);
  try {
    if (isApi) response.headers.set(BOOKMARK_HEADER, signed);
    else response.headers.append("Set-Cookie", bookmarkCookie(request, signed));
  } catch {
    // Immutable headers (a response passed through): this answer goes without; the next carries it.
  }
}
