import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { idempotencyKeys } from "../../db/schema";
import { sha256Hex } from "./crypto.server";
import type { Database } from "./db.server";
import { AppError, badRequest } from "./errors.server";
import { sessionCookieName } from "./session.server";

/** How long a stored result answers retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request that has not finished by then is presumed dead, and its key may be used again. */
const IN_FLIGHT_MS = 60_000;
export const IDEMPOTENCY_BODY_MISMATCH = "This Idempotency-Key was already used with a different request body";

/** The caller's credential: the API key, or the session cookie's value. */
function credentialOf(request: Request): string | null {
  const authorization = request.headers.get("Authorization");
  if (authorization) return authorization;
  const cookie = request.headers.get("Cookie") ?? "";
  return new RegExp(`(?:^|;\\s*)${sessionCookieName(request)}=([^;]+)`).exec(cookie)?.[1] ?? null;
}

type Args = { request: Request; context: AppLoadContext };
/** The route's caller check: throws its 401/403 for a caller the route refuses. */
type Authenticate = (request: Request, context: AppLoadContext) => Promise<unknown>;

/**
 * The stored copy of a response: the top-level `secretFields` set to null. A secret is shown once,
 * in the response that made it, and never rests in this table (decision 052): a replay answers the
 * same resource with that field null, so the caller learns it exists (its id, to revoke or read)
 * without the store becoming a second copy of every key and signing secret.
 */
function withoutSecrets(text: string, secretFields: readonly string[]): string {
  if (secretFields.length === 0) return text;
  const body = JSON.parse(text) as Record<string, unknown>;
  for (const field of secretFields) if (field in body) body[field] = null;
  return JSON.stringify(body);
}

/**
 * Makes a creating endpoint safe to retry. With an `Idempotency-Key` header, the first successful
 * response is stored (per caller, method and path) and a retry with the same key and body gets it back
 * (with `Idempotent-Replayed: true`) without running again; the same key with another body is a 422;
 * a retry while the first is still running is a 409. Failures are not stored, so they may be retried.
 * Fields named in `secretFields` are stored (and so replayed) as null.
 *
 * `authenticate` is the route's own caller check (its scope included), run before anything stored
 * answers a retry (decision 156): a revoked key or an ended session gets the route's 401/403, not the
 * stored response, and a key's replay is counted against its rate limit and carries RateLimit-*.
 */
export function idempotent<A extends Args>(
  { authenticate, secretFields = [] }: { authenticate: Authenticate; secretFields?: readonly string[] },
  handler: (args: A) => Promise<Response>,
) {
  return async (args: A): Promise<Response> => {
    const { request, context } = args;
    const key = request.headers.get("Idempotency-Key");
    const credential = credentialOf(request);
    if (key === null || credential === null) return handler(args);
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
      throw badRequest("Idempotency-Key must be 1 to 255 visible ASCII characters", {
        "Idempotency-Key": ["Must be 1 to 255 visible ASCII characters"],
      });
    }
    const db = context.db();
    const id = await sha256Hex([credential, request.method, new URL(request.url).pathname, key].join("\n"));
    const requestHash = await sha256Hex(await request.clone().text());
    const now = Date.now();
    const claimed = await db
      .insert(idempotencyKeys)
      .values({
        id,
        requestHash,
        status: null,
        response: null,
        createdAt: new Date(now),
        expiresAt: new Date(now + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoUpdate({
        target: idempotencyKeys.id,
        set: {
          requestHash,
          status: null,
          response: null,
          createdAt: new Date(now),
          expiresAt: new Date(now + IDEMPOTENCY_TTL_MS),
        },
        // An expired result, or a first attempt that died midway, frees the key.
        setWhere: or(
          lt(idempotencyKeys.expiresAt, new Date(now)),
          and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, new Date(now - IN_FLIGHT_MS))),
        ),
      })
      .returning({ id: idempotencyKeys.id })
      .get();
    if (!claimed) {
      await authenticate(request, context);
      const stored = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.id, id)).get();
      if (stored && stored.requestHash !== requestHash) {
        throw new AppError(422, IDEMPOTENCY_BODY_MISMATCH, { "Idempotency-Key": [IDEMPOTENCY_BODY_MISMATCH] });
      }
      if (!stored || stored.status === null || stored.response === null) {
        throw new AppError(409, "A request with this Idempotency-Key is still in progress; retry shortly", undefined, {
          "Retry-After": "1",
        });
      }
      return new Response(stored.response, {
        status: stored.status,
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Cache-Control": "no-store",
          "Idempotent-Replayed": "true",
        },
      });
    }
    let response: Response;
    try {
      response = await handler(args);
    } catch (error) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
      throw error;
    }
    if (response.ok) {
      await db
        .update(idempotencyKeys)
        .set({ status: response.status, response: withoutSecrets(await response.clone().text(), secretFields) })
        .where(eq(idempotencyKeys.id, id));
    } else {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    }
    return response;
  };
}

export function pruneIdempotencyKeys(db: Database) {
  return db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, new Date()));
}
