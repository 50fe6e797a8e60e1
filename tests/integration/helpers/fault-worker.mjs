// Test-only entry that wraps the built worker: a request carrying `X-Test-Fault` gets a D1
// binding on which statements whose SQL contains `match` fail like D1 does when it is unavailable.
// Alone they throw D1's transient error; inside a batch the statement is swapped for one that
// fails in D1 itself, so the real batch runs and must roll back what came before it.
// A request carrying `X-Test-Race` gets a binding on which another change lands between its reads and
// its write batch (racingD1).
// Every answer also says where the request opened its D1 session (`X-Test-D1-Session`: the
// constraint or bookmark given to withSession, decision 074), which local D1 cannot show otherwise.
import worker from "../../../build/worker/worker.js";
import { drainingUnreadBodies } from "./drained-worker.mjs";

const TRANSIENT = "D1_ERROR: Network connection lost.";
// Fails in D1 itself, and its message names D1's transient failure ("no such table: Network
// connection lost."), as a batch cut off by a lost connection reads: a bare D1_ERROR is a bug, not
// a reason to retry (decision 096).
const INJECTED_IN_BATCH = 'select * from "Network connection lost."';

function faultyD1(db, { match }) {
  const originals = new WeakMap();
  const sqlOf = new WeakMap();
  const hits = (statement) => (sqlOf.get(statement) ?? "").toLowerCase().includes(match.toLowerCase());
  function wrap(statement, sql) {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args) => wrap(value.apply(target, args), sql);
        if (["all", "first", "run", "raw"].includes(prop) && hits(proxy)) {
          return async () => {
            throw new Error(TRANSIENT);
          };
        }
        return value.bind(target);
      },
    });
    originals.set(proxy, statement);
    sqlOf.set(proxy, sql);
    return proxy;
  }
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "withSession") return (...args) => faultyD1(target.withSession(...args), { match });
      if (prop === "prepare") return (sql) => wrap(target.prepare(sql), sql);
      if (prop === "batch") {
        return (statements) =>
          target.batch(statements.map((s) => (hits(s) ? target.prepare(INJECTED_IN_BATCH) : (originals.get(s) ?? s))));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * A race between a request's read and its write: before the first batch holding a statement whose SQL
 * contains `batch`, `sql` runs on its own (another request's change landing in between), once.
 */
function racingD1(db, race) {
  const sqlOf = new WeakMap();
  const originals = new WeakMap();
  function track(statement, sql) {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args) => track(value.apply(target, args), sql);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    sqlOf.set(proxy, sql);
    originals.set(proxy, statement);
    return proxy;
  }
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "withSession") return (...args) => racingD1(target.withSession(...args), race);
      if (prop === "prepare") return (sql) => track(target.prepare(sql), sql);
      if (prop === "batch") {
        return async (statements) => {
          const hit = statements.some((s) => (sqlOf.get(s) ?? "").toLowerCase().includes(race.batch.toLowerCase()));
          if (hit && !race.ran) {
            race.ran = true;
            await target.prepare(race.sql).run();
          }
          return target.batch(statements.map((s) => originals.get(s) ?? s));
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The binding as given, but remembering the arguments of every withSession call. */
function recordingD1(db, opened) {
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "withSession") {
        return (...args) => {
          opened.push(String(args[0]));
          return target.withSession(...args);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export default {
  fetch: drainingUnreadBodies(async (request, env, ctx) => {
    const fault = request.headers.get("X-Test-Fault");
    const opened = [];
    const race = request.headers.get("X-Test-Race");
    const bound = race ? racingD1(env.DB, JSON.parse(race)) : env.DB;
    const DB = recordingD1(fault ? faultyD1(bound, JSON.parse(fault)) : bound, opened);
    const response = await worker.fetch(request, { ...env, DB }, ctx);
    const answer = new Response(response.body, response);
    if (opened.length) answer.headers.set("X-Test-D1-Session", opened.join(", "));
    return answer;
  }),
};
