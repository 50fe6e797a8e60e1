// What one more D1 round trip costs a request on the local runtime (workerd through Miniflare, the
// one the integration tests and the bench run): the question behind riders (decisions 035, 040),
// which put a screen's reads in the session lookup's batch. A Worker reads the same statements as one
// batch, or as a batch and then a second one; the difference per request is the round trip.
// Run: `node bench/d1-round-trip.mjs [requests]`. Production D1 is a network hop away, so this is the
// least a round trip costs, not what it costs there.
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { compatibilityDate } from "../scripts/lib/worker-config.mjs";

const requests = Number(process.argv[2] ?? 2000);
const script = `
export default {
  async fetch(request, env) {
    const split = new URL(request.url).searchParams.has("split");
    const one = () => env.DB.prepare("select count(*) as n from t where id <= ?").bind(50);
    const started = Date.now();
    if (split) {
      await env.DB.batch([one()]);
      await env.DB.batch([one(), one()]);
    } else {
      await env.DB.batch([one(), one(), one()]);
    }
    return new Response(String(Date.now() - started));
  },
};`;

const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    script,
    compatibilityDate,
    d1Databases: { DB: "bench-round-trip" },
  }),
);
const db = await mf.getD1Database("DB");
await db.exec("create table if not exists t (id integer primary key, v text)");
await db.exec(
  "insert into t (v) select 'x' from (with recursive s(n) as (select 1 union all select n + 1 from s where n < 100) select n from s)",
);

async function measure(path) {
  for (let i = 0; i < 100; i++) await (await mf.dispatchFetch(`http://x${path}`)).text();
  const times = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    await (await mf.dispatchFetch(`http://x${path}`)).text();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

// Alternate the two, so a change in the machine's load falls on both.
const one = [];
const two = [];
for (let round = 0; round < 3; round++) {
  one.push(await measure("/"));
  two.push(await measure("/?split"));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[1];
console.log(`${requests} requests a round, median of 3 rounds (ms per request, wall time through Miniflare)`);
console.log(`one round trip (3 statements in one batch)   ${median(one).toFixed(3)}`);
console.log(`two round trips (1 batch, then 2)            ${median(two).toFixed(3)}`);
console.log(`one more round trip                          ${(median(two) - median(one)).toFixed(3)}`);
await mf.dispose();
