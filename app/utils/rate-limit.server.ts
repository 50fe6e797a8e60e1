import { eq, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Database } from "./db.server";

export type Window = { limit: number; windowMs: number };

/** Seconds until the window of `key` ends if it is exhausted, else null. */
export async function lockedFor(db: Database, key: string, { limit, windowMs }: Window): Promise<number | null> {
  const row = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row) return null;
  const endsAt = row.windowStart.getTime() + windowMs;
  if (row.count < limit || endsAt <= Date.now()) return null;
  return Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
}

/** Counts one hit in a fixed window, starting a new window when the old one has passed. */
export async function recordHit(db: Database, key: string, window: Window): Promise<number> {
  return (await recordHitInWindow(db, key, window)).count;
}

/** recordHit, also telling when the current window ends (for Retry-After and RateLimit-Reset). */
export async function recordHitInWindow(
  db: Database,
  key: string,
  { windowMs }: Window,
): Promise<{ count: number; endsAt: number }> {
  const now = Date.now();
  const expired = now - windowMs;
  const row = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: new Date(now) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .get();
  return { count: row?.count ?? 1, endsAt: (row?.windowStart.getTime() ?? now) + windowMs };
}

export async function clearHits(db: Database, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Windows are at most a day long (the longest is a resend throttle), so older rows are dead weight. */
export const RATE_LIMIT_ROWS_KEPT_MS = 24 * 60 * 60 * 1000;

export function pruneRateLimits(db: Database, now = Date.now()) {
  return db.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${now - RATE_LIMIT_ROWS_KEPT_MS}`);
}

/** Who is asking, for per-client limits: Cloudflare's client address (one shared key without it, e.g. locally). */
export function clientKeyOf(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}
