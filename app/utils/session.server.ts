import { type AppLoadContext, createCookie, redirect } from "@remix-run/cloudflare";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { type ApiScope, sessions, type User, users } from "../../db/schema";
import { isTwoFactorSetupScreen, mustSetUpTwoFactor, TWO_FACTOR_SETUP_SCREEN } from "./admin-two-factor.server";
import { randomToken, sha256Hex } from "./crypto.server";
import type { Database } from "./db.server";
import { deviceLabel } from "./device-label";
import { isLocalRequest, requireSecrets } from "./env.server";
import { notFoundResponse, unauthorized } from "./errors.server";
import { type BoundSelect, preparedSelect } from "./prepared-select.server";
import type { Viewer } from "./viewer.server";

/** The session cookie over plain HTTP (local runs), where a `__Host-` cookie would be refused. */
export const SESSION_COOKIE_NAME = "__session";
/**
 * Over HTTPS: the `__Host-` prefix makes browsers take it only Secure, for Path=/ and without a
 * Domain, so a sibling subdomain cannot set or overwrite it (decision 053).
 */
export const HOST_SESSION_COOKIE_NAME = "__Host-session";
/** A session ends 30 days after login whatever happens, or after 7 days without a request. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A platform admin's session ends 12 hours after login, or after 30 minutes without a request (decision 053). */
export const ADMIN_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const ADMIN_SESSION_IDLE_MS = 30 * 60 * 1000;
/**
 * lastSeenAt (with where from) is written at most this often, after the answer (waitUntil), so reads
 * stay one round trip: Settings' session list is right to within 5 minutes (decision 107), which also
 * serves admins' 30-minute idle.
 */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** The session cookie's name for this request's scheme: only that name is read or written. */
export function sessionCookieName(request: Request): string {
  return new URL(request.url).protocol === "https:" ? HOST_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME;
}

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)(?:${HOST_SESSION_COOKIE_NAME}|${SESSION_COOKIE_NAME})=`);

/** Whether a Cookie header carries a session cookie of either name (CSRF checks, caching). */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return SESSION_COOKIE_PATTERN.test(cookieHeader ?? "");
}

function sessionCookie(request: Request, env: CloudflareEnv) {
  const { sessionSecret } = requireSecrets(env);
  const name = sessionCookieName(request);
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: name === HOST_SESSION_COOKIE_NAME || !isLocalRequest(request),
    secrets: [sessionSecret],
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

/**
 * What Settings shows to recognise a session (decision 107): the device parsed from the User-Agent
 * (the header itself is not kept), the client address Cloudflare saw and its country when known.
 */
export function sessionOriginOf(request: Request): { device: string; ipAddress: string | null; country: string | null } {
  const country = (request as { cf?: { country?: unknown } }).cf?.country;
  return {
    device: deviceLabel(request.headers.get("User-Agent")),
    ipAddress: request.headers.get("CF-Connecting-IP")?.trim().slice(0, 64) || null,
    country: typeof country === "string" && /^[A-Z0-9]{2}$/.test(country) ? country : null,
  };
}

/** Starts a new session (always a new id) and returns the Set-Cookie header value. */
export async function createUserSession(request: Request, context: AppLoadContext, userId: number) {
  const token = randomToken(32);
  const now = Date.now();
  await context
    .db()
    .insert(sessions)
    .values({
      id: await sha256Hex(token),
      // The id Settings and the API name the session by: never the token's hash (decision 107).
      publicId: randomToken(16),
      ...sessionOriginOf(request),
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
      // Every session starts where a password was just entered (login, signup, reset).
      passwordVerifiedAt: new Date(now),
    });
  return sessionCookie(request, context.cloudflare.env).serialize(token);
}

/**
 * The session a request's cookie names: the SHA-256 of its signed token (rows store only that),
 * or null without a validly signed cookie. Computed once, in getLoadContext, before any loader.
 */
export async function sessionIdOf(request: Request, env: CloudflareEnv): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${sessionCookieName(request)}=`)) return null;
  // A mangled signature makes parse throw (atob); such a cookie simply holds no session.
  const token = await sessionCookie(request, env)
    .parse(header)
    .catch(() => null);
  return typeof token === "string" && token.length >= 32 ? sha256Hex(token) : null;
}

/**
 * What an API key grants (see app/domain/integrations/api-keys.server.ts). A request made with a key acts as the
 * key's user, narrowed to the key's business (null: a personal key, its user's connector only) and scopes.
 */
export type ApiKeyGrant = { id: number; businessId: number | null; scopes: ApiScope[] };
export type SessionUser = Omit<User, "passwordHash"> & { apiKey?: ApiKeyGrant };

/** False for a business key: it acts for its business, never as its maker's own connector profile. */
export function actsAsConnector(user: Pick<SessionUser, "apiKey">): boolean {
  return !user.apiKey || user.apiKey.businessId === null;
}
type CurrentSession = { user: SessionUser; sessionId: string; passwordVerifiedAt: Date | null } | null;

/** The session and its user: read on every signed-in request. */
const sessionSelect = preparedSelect((db) =>
  db
    // Aliased: in a D1 batch, rows come back keyed by column name, and users has an id too.
    .select({
      lastSeenAt: sql`${sessions.lastSeenAt}`.mapWith(sessions.lastSeenAt).as("session_last_seen_at"),
      startedAt: sql`${sessions.createdAt}`.mapWith(sessions.createdAt).as("session_created_at"),
      passwordVerifiedAt: sql`${sessions.passwordVerifiedAt}`
        .mapWith(sessions.passwordVerifiedAt)
        .as("session_password_verified_at"),
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("sessionId")), gt(sessions.expiresAt, sql.placeholder("now")))),
);

/**
 * Statements that may ride with the session lookup. They run in its batch BEFORE the session is
 * accepted, so they are reads by type: prepared selects (prepared-select.server builds only SELECTs),
 * never an insert, update or delete. Their results are handed over only once the session is accepted.
 */
export type RiderStatements = readonly [BoundSelect<unknown>, ...BoundSelect<unknown>[]];
/** A screen's statements, and where their results go (null: no accepted session). */
type Rider = { build: (viewer: Viewer) => RiderStatements; deliver: (results: unknown[] | null) => void };
/** The request's session lookup: riders join until it is sent (then `riders` is null). */
type SessionSlot = { session: Promise<CurrentSession>; riders: Rider[] | null };

async function loadSession(context: AppLoadContext, slot: SessionSlot): Promise<CurrentSession> {
  const riders = slot.riders ?? [];
  slot.riders = null;
  try {
    const { sessionId } = context;
    if (!sessionId) return deliverNone(riders);
    const db = context.db();
    const now = Date.now();
    const riderStatements = riders.map((rider) => rider.build({ sessionId }));
    const [sessionRows, ...rest] = await db.batch([sessionSelect(db, null, { sessionId, now }), ...riderStatements.flat()]);
    const row = sessionRows[0];
    if (!row) return deliverNone(riders);
    const idle = row.user.isAdmin ? ADMIN_SESSION_IDLE_MS : SESSION_IDLE_MS;
    const adminLapsed = row.user.isAdmin && row.startedAt.getTime() < now - ADMIN_SESSION_ABSOLUTE_MS;
    if (row.lastSeenAt.getTime() < now - idle || adminLapsed || row.user.suspendedAt) {
      deliverNone(riders);
      await db.delete(sessions).where(eq(sessions.id, sessionId));
      return null;
    }
    if (row.lastSeenAt.getTime() < now - TOUCH_INTERVAL_MS) {
      context.cloudflare.ctx.waitUntil(
        db
          .update(sessions)
          .set({ lastSeenAt: new Date(now), ...(context.sessionOrigin ?? {}) })
          .where(eq(sessions.id, sessionId))
          .then(() => undefined),
      );
    }
    // Only now, the session accepted, does each rider get its results.
    let offset = 0;
    for (const [i, rider] of riders.entries()) {
      const count = riderStatements[i]?.length ?? 0;
      rider.deliver(rest.slice(offset, offset + count));
      offset += count;
    }
    const { passwordHash: _omit, ...user } = row.user;
    return { user, sessionId, passwordVerifiedAt: row.passwordVerifiedAt };
  } catch (error) {
    for (const rider of riders) rider.deliver(null);
    throw error;
  }
}

function deliverNone(riders: Rider[]): null {
  for (const rider of riders) rider.deliver(null);
  return null;
}

/**
 * The lookup is sent one microtask after the request first asks for the session. Remix starts the
 * loaders of a request in one synchronous pass (root, layouts, leaf), so every loader that calls
 * sessionWith before its first await is in the batch; the session id is already known
 * (getLoadContext), so nothing else decides who rides.
 */
function sessionSlot(context: AppLoadContext): SessionSlot {
  let slot = context.memo.get("session") as SessionSlot | undefined;
  if (!slot) {
    const created: SessionSlot = { session: Promise.resolve(null), riders: [] };
    created.session = Promise.resolve().then(() => loadSession(context, created));
    context.memo.set("session", created);
    slot = created;
  }
  return slot;
}

/** The session of this request, read once and shared by the root and child loaders. */
export function getCurrentSession(context: AppLoadContext): Promise<CurrentSession> {
  return sessionSlot(context).session;
}

/**
 * The signed-in user and the results of `build`'s statements, read in ONE round trip with the
 * session lookup: the statements name the viewer by session id (see viewer.server), and their
 * results are handed over only once the session is accepted (no user: no results). A loader that
 * asks after an await may find the lookup sent; its statements then run by user id, in a batch of
 * their own (one more round trip, which the Server-Timing tests of every screen would show).
 */
export async function sessionWith<T extends RiderStatements>(
  context: AppLoadContext,
  build: (viewer: Viewer) => T,
): Promise<{ user: SessionUser; results: BatchResponse<T> } | { user: null; results: null }> {
  const slot = sessionSlot(context);
  let joined: Promise<unknown[] | null> | null = null;
  if (slot.riders) {
    const riders = slot.riders;
    joined = new Promise((deliver) => riders.push({ build, deliver }));
  }
  const session = await slot.session;
  if (!session) return { user: null, results: null };
  const results = (await joined) ?? (await context.db().batch(build({ userId: session.user.id })));
  return { user: session.user, results: results as BatchResponse<T> };
}

export async function getUser(context: AppLoadContext): Promise<SessionUser | null> {
  return (await getCurrentSession(context))?.user ?? null;
}

export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  const isAdminPath = url.pathname === "/admin" || url.pathname.startsWith("/admin/");
  const back = url.pathname + url.search;
  const base = isAdminPath ? "/admin/login" : "/login";
  return back === "/" || back === "/admin" ? base : `${base}?redirectTo=${encodeURIComponent(back)}`;
}

/** An admin who must still set up two-factor sees only its setup (decision 050). */
function requireTwoFactorSetUp(request: Request, context: AppLoadContext, user: SessionUser) {
  if (mustSetUpTwoFactor(user, context.cloudflare.env) && !isTwoFactorSetupScreen(request)) {
    throw redirect(TWO_FACTOR_SETUP_SCREEN);
  }
}

/** Screens: a logged-out visitor is sent to the login screen and brought back afterwards. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(context);
  if (!user) throw redirect(loginPathFor(request));
  requireTwoFactorSetUp(request, context, user);
  return user;
}

/** Screens of regular users; an admin sees the not-found page there (SPEC "Admin routes"). */
function refuseAdmin(user: SessionUser): SessionUser {
  if (user.isAdmin) throw notFoundResponse();
  return user;
}

export async function requireRegularUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  return refuseAdmin(await requireUser(request, context));
}

/** requireUser, with `build`'s statements read in the session lookup's round trip (sessionWith). */
export async function requireUserWith<T extends RiderStatements>(
  request: Request,
  context: AppLoadContext,
  build: (viewer: Viewer) => T,
) {
  const { user, results } = await sessionWith(context, build);
  if (!user) throw redirect(loginPathFor(request));
  requireTwoFactorSetUp(request, context, user);
  return { user, results };
}

/** requireRegularUser, with `build`'s statements read in the session lookup's round trip. */
export async function requireRegularUserWith<T extends RiderStatements>(
  request: Request,
  context: AppLoadContext,
  build: (viewer: Viewer) => T,
) {
  const signedIn = await requireUserWith(request, context, build);
  refuseAdmin(signedIn.user);
  return signedIn;
}

export async function requireAdminUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.isAdmin) throw notFoundResponse();
  return user;
}

/** API with a session only: no redirects, a JSON 401 instead. Routes use requireApiUser (api-auth). */
export async function requireSessionApiUser(context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(context);
  if (!user) throw unauthorized();
  return user;
}

/** Ends this request's session (the row goes, so a copied cookie stops working too). */
export async function destroyUserSession(request: Request, context: AppLoadContext): Promise<string> {
  if (context.sessionId) await context.db().delete(sessions).where(eq(sessions.id, context.sessionId));
  return sessionCookie(request, context.cloudflare.env).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** After a password change every other session of the user ends (unexecuted, for a batch). */
export function otherSessionsDelete(db: Database, userId: number, keepSessionId: string | null) {
  return db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

export async function endAllSessions(db: Database, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function pruneExpiredSessions(db: Database) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
