import { isTransientDatabaseError } from "./api.server";

/**
 * What one request asked of the database: round trips, statements, time spent waiting, and whether it
 * queued mail (the Worker then sends it right after the answer, decision 166).
 */
export type DbStats = { roundTrips: number; statements: number; ms: number; failed: boolean; mailQueued: boolean };

export function newDbStats(): DbStats {
  return { roundTrips: 0, statements: 0, ms: 0, failed: false, mailQueued: false };
}

/** Every mail is an outbox row (effects/mail-outbox.server.ts), and Drizzle writes one as this insert. */
const MAIL_INSERT = /^insert into "mail_outbox"/i;

async function timed<T>(stats: DbStats, statements: number, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  stats.roundTrips += 1;
  stats.statements += statements;
  try {
    return await run();
  } catch (error) {
    // Remembered so a screen that fails on it answers 503 (retry) rather than 500.
    if (isTransientDatabaseError(error)) stats.failed = true;
    throw error;
  } finally {
    stats.ms += Date.now() - started;
  }
}

const EXECUTING = new Set(["all", "first", "run", "raw"]);
/** D1 reads its statements' internals in batch(), so batches get the unwrapped originals back. */
const originals = new WeakMap<object, D1PreparedStatement>();

function wrapStatement(statement: D1PreparedStatement, stats: DbStats): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args), stats);
      if (typeof prop === "string" && EXECUTING.has(prop)) {
        return (...args: unknown[]) => timed(stats, 1, () => value.apply(target, args));
      }
      return value.bind(target);
    },
  });
  originals.set(proxy, statement);
  return proxy;
}

/**
 * Counts what a request does with D1 (reported in the Server-Timing header), without changing
 * behaviour. Batches count as one round trip of several statements. Wraps a database or one of its
 * sessions (a request's, decision 074) alike.
 */
export function instrumentD1<D extends Pick<D1Database, "prepare" | "batch">>(db: D, stats: DbStats): D {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "prepare")
        return (query: string) => {
          if (MAIL_INSERT.test(query)) stats.mailQueued = true;
          return wrapStatement(target.prepare(query), stats);
        };
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) =>
          timed(stats, statements.length, () => target.batch(statements.map((s) => originals.get(s) ?? s)));
      }
      if (prop === "exec") return (query: string) => timed(stats, 1, () => (target as unknown as D1Database).exec(query));
      return value.bind(target);
    },
  });
}

export function serverTiming(stats: DbStats): string {
  return `db;dur=${stats.ms};desc="${stats.roundTrips} round trips, ${stats.statements} statements"`;
}
