import { eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Database } from "./db.server";
import { AppError } from "./errors.server";
import { preparedWrite } from "./prepared-select.server";

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
export async function recordHitInWindow(db: Database, key: string, window: Window): Promise<{ count: number; endsAt: number }> {
  return hitOf(await hitStatement(db, key, window).get(), window);
}

/** The unexecuted upsert of one hit (for a batch); read its row with `hitOf`. */
export function hitStatement(db: Database, key: string, window: Window) {
  const now = Date.now();
  return countHit(hitInsert(db).values({ key, count: 1, windowStart: new Date(now) }), now, now - window.windowMs);
}

/**
 * hitStatement for the key a select names (`keys`: a select of one text column named `key`, its
 * values placeholders), so a hit can ride in the batch that looks up what it limits: no row, no hit.
 * Built once (decision 089); the returned function binds a call's values. Read its rows with `hitOf`.
 */
export function preparedHitFor(keys: SQL) {
  const now = sql.placeholder("now");
  const statement = preparedWrite((db, _: null) =>
    // "where true": an upsert's SELECT needs a WHERE, or SQLite reads ON CONFLICT as a join's ON.
    countHit(hitInsert(db).select(sql`select k.key, 1, ${now} from (${keys}) k where true`), now, sql.placeholder("expired")),
  );
  return (db: Database, window: Window, values: Record<string, unknown>) => {
    const at = Date.now();
    return statement(db, null, { ...values, now: at, expired: at - window.windowMs });
  };
}

const hitInsert = (db: Database) => db.insert(rateLimits);
type HitInsert = ReturnType<ReturnType<typeof hitInsert>["values"]>;

/** The upsert's counting: one more in the current window, or 1 in a new one once it has passed (`expired`: now less the window). */
function countHit(insert: HitInsert, now: number | Placeholder, expired: number | Placeholder) {
  return insert
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

export function hitOf(
  row: { count: number; windowStart: Date } | undefined,
  { windowMs }: Window,
): { count: number; endsAt: number } {
  return { count: row?.count ?? 1, endsAt: (row?.windowStart.getTime() ?? Date.now()) + windowMs };
}

/** Seconds from now until `endsAt` (a window's end), at least 1: the value of a Retry-After. */
export function secondsUntil(endsAt: number): number {
  return Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
}

type Limits = readonly [readonly [string, Window], ...(readonly [string, Window])[]];

/**
 * Counts a hit under every key (one batch) and refuses it past any window's limit: 429 with
 * `message` and Retry-After (the longest wait), the message also under `field` when given (a
 * screen shows it there). The count goes up before the work it guards, so parallel requests cannot
 * all slip in under a limit.
 */
export async function assertWithinLimits(db: Database, limits: Limits, message: string, field?: string): Promise<void> {
  const [first, ...rest] = limits.map(([key, window]) => hitStatement(db, key, window));
  // One limit is one statement: a batch of one would only cost the batch.
  const rows = rest.length === 0 ? [await first?.all()] : await db.batch([first as NonNullable<typeof first>, ...rest]);
  assertHitsWithin(limits, rows, message, field);
}

/**
 * assertWithinLimits for a caller that sends the hits (hitStatement, in the order of `limits`) in a
 * batch of its own, ahead of the reads they guard: `rows` are those statements' results.
 */
export function assertHitsWithin(
  limits: Limits,
  rows: readonly (readonly { count: number; windowStart: Date }[] | undefined)[],
  message: string,
  field?: string,
): void {
  const waits = limits.flatMap(([, window], i) => {
    const hit = hitOf(rows[i]?.[0], window);
    return hit.count > window.limit ? [secondsUntil(hit.endsAt)] : [];
  });
  // The 429 itself is logged as a security event with the request (logSecurityOutcome).
  if (waits.length > 0) {
    throw new AppError(429, message, field ? { [field]: [message] } : undefined, { "Retry-After": String(Math.max(...waits)) });
  }
}

/** Takes back one hit counted in advance (e.g. a login attempt that turned out right). */
export function refundHitStatement(db: Database, key: string) {
  return db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Windows are at most a day long (the longest is a resend throttle), so older rows are dead weight. */
export const RATE_LIMIT_ROWS_KEPT_MS = 24 * 60 * 60 * 1000;

export function pruneRateLimits(db: Database, now = Date.now()) {
  return db.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${now - RATE_LIMIT_ROWS_KEPT_MS}`);
}

export { clientKeyOf } from "./client-key.server";
