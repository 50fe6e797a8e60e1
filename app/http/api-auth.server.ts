import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchResponse } from "drizzle-orm/batch";
import type { ApiScope } from "../../db/schema";
import {
  apiKeyHash,
  apiKeyHitStatement,
  apiKeyLookup,
  apiKeyUser,
  INVALID_API_KEY,
  touchApiKey,
} from "../domain/integrations/api-keys.server";
import { ADMIN_TWO_FACTOR_REQUIRED, isTwoFactorSetupApi, mustSetUpTwoFactor } from "../utils/admin-two-factor.server";
import { RATE_LIMIT_MEMO, type RateLimitState } from "../utils/api.server";
import { AppError, forbidden, unauthorized } from "../utils/errors.server";
import type { BoundSelect } from "../utils/prepared-select.server";
import { hitOf, secondsUntil, type Window } from "../utils/rate-limit.server";
import { type RiderStatements, requireSessionApiUser, type SessionUser, sessionWith } from "../utils/session.server";
import type { Viewer } from "../utils/viewer.server";

/** Requests per key per minute; the answer past it is 429 with Retry-After. */
export const API_KEY_RATE_LIMIT: Window = { limit: 600, windowMs: 60_000 };
/** lastUsedAt is written at most this often, so a busy key does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** The key in `Authorization: Bearer <key>`, null without the header; any other scheme is a 401. */
function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (header === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1])
    throw new AppError(401, "The Authorization header must be: Bearer <API key>", undefined, { "WWW-Authenticate": "Bearer" });
  return match[1];
}

/**
 * The key's caller, its request counted: one round trip, the lookup and the hit in one batch (the
 * hit is keyed by the key's id, found by its hash in the same statement; a revoked key counts none),
 * and with them `riders`, reads for the key's user by its hash (Viewer `apiKeyHash`), whose results
 * come back only once the key is accepted.
 */
async function authenticateKey(
  context: AppLoadContext,
  secret: string,
  riders: (viewer: Viewer) => readonly BoundSelect<unknown>[] = () => [],
): Promise<{ user: SessionUser; results: unknown[] }> {
  const db = context.db();
  const hash = await apiKeyHash(secret);
  const [rows, hits, ...results] = hash
    ? await db.batch([apiKeyLookup(db, hash), apiKeyHitStatement(db, hash, API_KEY_RATE_LIMIT), ...riders({ apiKeyHash: hash })])
    : [[], []];
  const found = apiKeyUser(rows[0]);
  if (!found) throw new AppError(401, INVALID_API_KEY, undefined, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
  const keyId = found.user.apiKey?.id ?? 0;
  const { count, endsAt } = hitOf(hits[0], API_KEY_RATE_LIMIT);
  const resetSeconds = secondsUntil(endsAt);
  const state: RateLimitState = {
    limit: API_KEY_RATE_LIMIT.limit,
    remaining: Math.max(0, API_KEY_RATE_LIMIT.limit - count),
    resetSeconds,
  };
  context.memo.set(RATE_LIMIT_MEMO, state);
  if (count > API_KEY_RATE_LIMIT.limit) {
    throw new AppError(429, "Rate limit exceeded: at most 600 requests a minute per API key", undefined, {
      "Retry-After": String(resetSeconds),
    });
  }
  if (!found.lastUsedAt || found.lastUsedAt.getTime() < Date.now() - TOUCH_INTERVAL_MS) {
    context.cloudflare.ctx.waitUntil(touchApiKey(db, keyId).then(() => undefined));
  }
  return { user: found.user, results };
}

/** An admin who must still set up two-factor may call only its setup endpoints (decision 050). */
function requireTwoFactorSetUp(request: Request, context: AppLoadContext, user: SessionUser): SessionUser {
  if (mustSetUpTwoFactor(user, context.cloudflare.env) && !isTwoFactorSetupApi(request))
    throw forbidden(ADMIN_TWO_FACTOR_REQUIRED);
  return user;
}

/** What an API key gets from an endpoint that takes a session only (403). */
export const SESSION_ONLY = "This endpoint does not accept API keys; sign in instead";

/** An API key caller may use only endpoints that name a scope, and only with a key holding it (one of them, for a list). */
function requireScope(user: SessionUser, scope?: ApiScope | readonly ApiScope[]): SessionUser {
  if (!scope) throw forbidden(SESSION_ONLY);
  // A list of scopes: any one of them will do (the event feed, decision 078).
  const anyOf: readonly ApiScope[] = typeof scope === "string" ? [scope] : scope;
  if (!anyOf.some((s) => user.apiKey?.scopes.includes(s))) throw forbidden(`This API key lacks the ${anyOf.join(" or ")} scope`);
  return user;
}

/**
 * The request's key, checked once per request: the first check sends `riders` with it and hands
 * their results back; a later one finds the check under way (`results` null: its riders go out on
 * their own).
 */
function checkKey(
  context: AppLoadContext,
  secret: string,
  riders?: (viewer: Viewer) => RiderStatements,
): { user: Promise<SessionUser>; results: Promise<unknown[]> | null } {
  const pending = context.memo.get(KEY_MEMO) as Promise<SessionUser> | undefined;
  if (pending) return { user: pending, results: null };
  const checked = authenticateKey(context, secret, riders);
  const user = checked.then((c) => c.user);
  context.memo.set(KEY_MEMO, user);
  const results = checked.then((c) => c.results);
  // A refused key rejects both; the caller awaits the user first and may never look at the results.
  results.catch(() => undefined);
  return { user, results };
}
const KEY_MEMO = "apiKeyUser";

/**
 * The caller of an `/api` route: a signed-in session, or an API key when the request carries
 * `Authorization: Bearer`. Only endpoints that name a `scope` accept keys, and only keys holding it (one of them, for a list)
 * (403 otherwise); an unknown or revoked key is a 401. The key is checked once per request.
 */
export async function requireApiUser(
  request: Request,
  context: AppLoadContext,
  scope?: ApiScope | readonly ApiScope[],
): Promise<SessionUser> {
  const secret = bearerToken(request);
  if (secret === null) return requireTwoFactorSetUp(request, context, await requireSessionApiUser(context));
  return requireScope(await checkKey(context, secret).user, scope);
}

/**
 * requireApiUser, with `build`'s statements riding in the caller's own lookup: a session's (one
 * round trip, see session.server sessionWith) or a key's (read by the key's hash, decision 102). The
 * results come back only once the session or the key, and its scope, are accepted.
 */
export async function requireApiUserWith<T extends RiderStatements>(
  request: Request,
  context: AppLoadContext,
  scope: ApiScope,
  build: (viewer: Viewer) => T,
): Promise<{ user: SessionUser; results: BatchResponse<T> }> {
  const secret = bearerToken(request);
  if (secret === null) {
    const { user, results } = await sessionWith(context, build);
    if (!user) throw unauthorized();
    requireTwoFactorSetUp(request, context, user);
    return { user, results };
  }
  const checked = checkKey(context, secret, build);
  const user = requireScope(await checked.user, scope);
  const results = checked.results
    ? ((await checked.results) as BatchResponse<T>)
    : await context.db().batch(build({ userId: user.id }));
  return { user, results };
}
