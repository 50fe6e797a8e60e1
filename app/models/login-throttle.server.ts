import { sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Database } from "../utils/db.server";
import type { AppError } from "../utils/errors.server";
import { hitOf, hitStatement, refundHitStatement, secondsUntil, type Window } from "../utils/rate-limit.server";
import type { Requester } from "../utils/requester.server";
import { securityEvent } from "../utils/security-log.server";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Failed password checks of one username from one client: that pair is locked (decision 047). */
export const LOGIN_LOCKOUT: Window = { limit: 10, windowMs: FIFTEEN_MINUTES };
/** Failed password checks from one client, whatever the usernames: that client is locked. */
export const LOGIN_FAILURES_PER_CLIENT: Window = { limit: 30, windowMs: FIFTEEN_MINUTES };
/**
 * Failed password checks of one username from all clients: past `limit` every further check of it
 * waits `stepMs` more (up to `maxMs`) before it runs, and is never refused for that.
 */
export const LOGIN_SLOWDOWN = { limit: 10, windowMs: FIFTEEN_MINUTES, stepMs: 250, maxMs: 3000 };

export const loginKeys = (username: string, client: string) => {
  const name = username.toLowerCase();
  return { client: `login:client:${client}`, pair: `login:pair:${name}|${client}`, account: `login:account:${name}` };
};

/** The delay before a check of a username that has failed `failures` times from anywhere. */
export function slowdownMs(failures: number): number {
  const over = failures - LOGIN_SLOWDOWN.limit;
  return over <= 0 ? 0 : Math.min(over * LOGIN_SLOWDOWN.stepMs, LOGIN_SLOWDOWN.maxMs);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `verify` (the PBKDF2) for a password check of `username` (a login, or the current password
 * of a change) unless the client or this username from this client is over its limit; then
 * `tooMany(retryAfterSeconds)` is thrown before any hashing, so a refused guess costs the server
 * one batch. Every check is counted as a failure before it runs (parallel guesses cannot slip
 * under the limit) and taken back when it succeeds.
 */
export async function throttledPasswordCheck(
  db: Database,
  username: string,
  { client }: Requester,
  verify: () => Promise<boolean>,
  tooMany: (retryAfterSeconds: number) => AppError,
): Promise<{ ok: boolean; failures: number }> {
  const keys = loginKeys(username, client);
  const [clientRow, pairRow] = await db.batch([
    hitStatement(db, keys.client, LOGIN_FAILURES_PER_CLIENT),
    hitStatement(db, keys.pair, LOGIN_LOCKOUT),
  ]);
  const perClient = hitOf(clientRow[0], LOGIN_FAILURES_PER_CLIENT);
  const pair = hitOf(pairRow[0], LOGIN_LOCKOUT);
  const refused = perClient.count > LOGIN_FAILURES_PER_CLIENT.limit ? perClient : pair.count > LOGIN_LOCKOUT.limit ? pair : null;
  if (refused) {
    const retryAfterSeconds = secondsUntil(refused.endsAt);
    securityEvent("login_locked", { username, by: refused === perClient ? "client" : "username_and_client", retryAfterSeconds });
    throw tooMany(retryAfterSeconds);
  }
  const account = hitOf(await hitStatement(db, keys.account, LOGIN_SLOWDOWN).get(), LOGIN_SLOWDOWN);
  const delay = slowdownMs(account.count - 1);
  if (delay > 0) {
    securityEvent("login_slowed", { username, failures: account.count - 1, delayMs: delay });
    await sleep(delay);
  }
  const ok = await verify();
  if (ok) {
    // The client's count keeps its failures (one good account must not launder a client's guesses);
    // the username's counts start again: its owner is here.
    await db.batch([
      refundHitStatement(db, keys.client),
      db.delete(rateLimits).where(sql`${rateLimits.key} in (${keys.pair}, ${keys.account})`),
    ]);
  }
  return { ok, failures: pair.count };
}

/** Every login counter of a username (all clients' pairs and the account), e.g. after a password reset. */
export function loginCountersDelete(db: Database, usernameSql: ReturnType<typeof sql>) {
  return db
    .delete(rateLimits)
    .where(
      sql`${rateLimits.key} = 'login:account:' || ${usernameSql} or substr(${rateLimits.key}, 1, length('login:pair:' || ${usernameSql} || '|')) = 'login:pair:' || ${usernameSql} || '|'`,
    );
}
