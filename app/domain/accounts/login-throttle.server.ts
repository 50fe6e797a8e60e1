import { and, eq, sql } from "drizzle-orm";
import { passwordCheckLeases, rateLimits, users } from "../../../db/schema";
import { randomToken } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import type { AppError } from "../../utils/errors.server";
import {
  hitOf,
  hitStatement,
  preparedHitFor,
  refundHitStatement,
  secondsUntil,
  type Window,
} from "../../utils/rate-limit.server";
import type { Requester } from "../../utils/requester.server";
import { securityEvent } from "../../utils/security-log.server";

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
 * Checks of one username run one at a time (issue 32, N8; decision 111): a check holds the
 * username's lease from before its slowdown wait until its hash is compared. The lease outlives the
 * longest check (3 s of wait and the hash) so that a Worker that dies holding it frees it soon.
 */
export const PASSWORD_CHECK_LEASE_MS = 10_000;
/** How long a check waits for the lease before it is refused (429, Retry-After: 1), and how often it asks. */
export const PASSWORD_CHECK_LEASE_WAIT_MS = 1_000;
const LEASE_POLL_MS = 100;

/** Takes the lease of `account` for `holder` if nobody holds an unexpired one: a row back means taken. */
function leaseClaim(db: Database, account: string, holder: string) {
  const now = Date.now();
  return db
    .insert(passwordCheckLeases)
    .values({ account, holder, expiresAt: new Date(now + PASSWORD_CHECK_LEASE_MS) })
    .onConflictDoUpdate({
      target: passwordCheckLeases.account,
      set: { holder, expiresAt: new Date(now + PASSWORD_CHECK_LEASE_MS) },
      setWhere: sql`${passwordCheckLeases.expiresAt} <= ${now}`,
    })
    .returning({ holder: passwordCheckLeases.holder });
}

/** The username's failure, counted only by the check that holds its lease (rides with the claim). */
const accountHitOfHolder = preparedHitFor(
  sql`select 'login:account:' || ${passwordCheckLeases.account} as key from ${passwordCheckLeases} where ${passwordCheckLeases.account} = ${sql.placeholder("account")} and ${passwordCheckLeases.holder} = ${sql.placeholder("holder")}`,
);

/** Leases left by checks that never ended (a Worker stopped mid-check), for the scheduled job. */
export const expiredLeasesDelete = (db: Database, now = Date.now()) =>
  db.delete(passwordCheckLeases).where(sql`${passwordCheckLeases.expiresAt} <= ${now}`);

const leaseRelease = (db: Database, account: string, holder: string) =>
  db.delete(passwordCheckLeases).where(and(eq(passwordCheckLeases.account, account), eq(passwordCheckLeases.holder, holder)));

/**
 * Claims the username's lease, asking again every 100 ms for up to a second; with it, the
 * username's failure count (its slowdown). Null when another check kept it all that time.
 */
async function claimLease(db: Database, account: string, holder: string) {
  const deadline = Date.now() + PASSWORD_CHECK_LEASE_WAIT_MS;
  for (;;) {
    const [claimed, hit] = await db.batch([
      leaseClaim(db, account, holder),
      accountHitOfHolder(db, LOGIN_SLOWDOWN, { account, holder }),
    ]);
    if (claimed.length > 0) return hitOf(hit[0], LOGIN_SLOWDOWN);
    if (Date.now() + LEASE_POLL_MS > deadline) return null;
    await sleep(LEASE_POLL_MS);
  }
}

/** Whether this device's cookie names the user of `username` (decision 111). */
async function deviceKnows(db: Database, username: string, { deviceUserIds }: Requester): Promise<boolean> {
  const known = (await deviceUserIds?.()) ?? [];
  if (known.length === 0) return false;
  const user = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
  return !!user && known.includes(user.id);
}

/**
 * Runs `verify` (the PBKDF2) for a password check of `username` (a login, or the current password
 * of a change) unless the client or this username from this client is over its limit; then
 * `tooMany(retryAfterSeconds)` is thrown before any hashing, so a refused guess costs the server
 * one batch. A device that signed in as this user before (its device cookie) passes the client's
 * lock, not the username's from that client. Every check is counted as a failure before it runs
 * (parallel guesses cannot slip under the limit) and taken back when it succeeds. Checks of one
 * username run one at a time (its lease); one that cannot get the lease within a second is refused
 * (429, Retry-After: 1) before any hashing too.
 */
export async function throttledPasswordCheck(
  db: Database,
  username: string,
  requester: Requester,
  verify: () => Promise<boolean>,
  tooMany: (retryAfterSeconds: number) => AppError,
): Promise<{ ok: boolean; failures: number }> {
  const keys = loginKeys(username, requester.client);
  const [clientRow, pairRow] = await db.batch([
    hitStatement(db, keys.client, LOGIN_FAILURES_PER_CLIENT),
    hitStatement(db, keys.pair, LOGIN_LOCKOUT),
  ]);
  const perClient = hitOf(clientRow[0], LOGIN_FAILURES_PER_CLIENT);
  const pair = hitOf(pairRow[0], LOGIN_LOCKOUT);
  let refused = pair.count > LOGIN_LOCKOUT.limit ? pair : perClient.count > LOGIN_FAILURES_PER_CLIENT.limit ? perClient : null;
  if (refused === perClient && (await deviceKnows(db, username, requester))) {
    securityEvent("login_device_passed", { username });
    refused = null;
  }
  if (refused) {
    const retryAfterSeconds = secondsUntil(refused.endsAt);
    securityEvent("login_locked", { username, by: refused === perClient ? "client" : "username_and_client", retryAfterSeconds });
    throw tooMany(retryAfterSeconds);
  }
  const account = username.toLowerCase();
  const holder = randomToken(16);
  const accountHit = await claimLease(db, account, holder);
  if (!accountHit) {
    securityEvent("login_busy", { username });
    throw tooMany(1);
  }
  let ok: boolean;
  try {
    const delay = slowdownMs(accountHit.count - 1);
    if (delay > 0) {
      securityEvent("login_slowed", { username, failures: accountHit.count - 1, delayMs: delay });
      await sleep(delay);
    }
    ok = await verify();
  } catch (error) {
    await leaseRelease(db, account, holder);
    throw error;
  }
  if (!ok) {
    await leaseRelease(db, account, holder);
    return { ok, failures: pair.count };
  }
  // The client's count keeps its failures (one good account must not launder a client's guesses);
  // the username's counts start again: its owner is here.
  await db.batch([
    refundHitStatement(db, keys.client),
    db.delete(rateLimits).where(sql`${rateLimits.key} in (${keys.pair}, ${keys.account})`),
    leaseRelease(db, account, holder),
  ]);
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
