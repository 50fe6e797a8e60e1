// `npm run bench`: the performance benchmark (issue 7). A benchmark, not a timed test: it measures,
// prints a table, writes bench/results.json, and exits 1 when a budget is missed.
//
//   npm run bench                          # build, then 10,000, 100,000 and 1,000,000 referrals, 20 s per route
//   npm run bench -- --sizes 10000 --duration 5 --no-lighthouse --out /tmp/quick.json   # a quick look
//
// Options: --no-build (use the current build), --sizes N[,N], --duration S, --connections C,
// --warmup N (requests per route before measuring), --lighthouse-runs N, --no-lighthouse, --out FILE,
// --only A,B (just the routes whose name contains A or B, e.g. --only commissions,earnings),
// --keep-logs (keep wrangler's debug logs under .wrangler/bench/logs; they run to hundreds of MB),
// --reuse-data (keep a size's database from an earlier run when it was seeded whole: a quick look
// at a change without the 1,000,000 seed again; the writes of earlier runs stay in it),
// --inspector (leave wrangler's DevTools inspector proxy on, as `wrangler dev` does by default).
//
// The built worker and static files are copied to .wrangler/bench/app and served from there by
// `wrangler dev` (a Worker with static assets, as deployed), so a rebuild elsewhere during the run
// cannot change what is measured. Each size gets a freshly migrated local D1 under
// .wrangler/bench/<size> with the demo accounts and the large synthetic data set
// (scripts/seed-large.ts). The floor is bench/hello-world, a Worker with static assets that returns
// a fixed string, served by the same wrangler; every route's p50 is compared with the median of the
// floor's p50s measured through the same size's run (decision 099). A route's seconds are taken in
// two halves, one in a pass over the size's routes and one in a pass back (decision 103).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { coldStarts, measureClientJs } from "./bench/last-size.mjs";
import { loadRoute, loadWholeFiles, newTally } from "./bench/load.mjs";
import { bracketFloor, exportMemory, firstAnswer, holdToSizeFloor, login, probe, recordRoute } from "./bench/measure.mjs";
import { APP_DIR, BUDGET, fmt, LOGS, log, options, RESERVED_PORTS, WORK } from "./bench/options.mjs";
import { evaluate, report } from "./bench/report.mjs";
import { results } from "./bench/results.mjs";
import { readRoutes } from "./bench/routes.mjs";
import { freePort, groupCpuSeconds, killAll, startWorker, stopWorker } from "./bench/servers.mjs";
import { bin, prepareSize, runLogged, seedShape, snapshotBuild } from "./bench/setup.mjs";
import { workerSize } from "./bench/weight.mjs";
import { prepareWrites, WRITE_ROUTES } from "./bench/writes.mjs";
import { ensureDevVars } from "./lib/dev-vars.mjs";
import { assertSupportedNode } from "./lib/node-runtime.mjs";

assertSupportedNode("bench");

// ---------------------------------------------------------------------------------------------
// The run (options and budgets: bench/options.mjs; the report: bench/report.mjs)

function stopEverything() {
  killAll();
}
process.on("exit", stopEverything);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    stopEverything();
    process.exit(130);
  });
}

const started = Date.now();

async function main() {
  // The served copy carries its own .dev.vars, yet wrangler 4.86 read the clone's own (none in a
  // fresh clone: every login answered 500). Give the clone one, as npm start does.
  ensureDevVars();
  rmSync(LOGS, { recursive: true, force: true });
  mkdirSync(LOGS, { recursive: true });
  log(`${results.machine.cpus} CPUs, Node ${results.machine.node}, load average ${results.load.start.join(" ")}`);
  if (results.load.start[0] > results.machine.cpus) {
    log("warning: the machine is busy (load average above the CPU count); latencies and ratios will be noisy");
  }

  for (let attempt = 1; ; attempt++) {
    if (options.build) {
      log("building (npm run build)");
      await runLogged("npm", ["run", "-s", "build"], { name: "build" });
    }
    if (snapshotBuild()) break;
    if (attempt === 6) throw new Error("build/worker and public/build do not belong to the same build");
    log("the build changed while it was copied (a build running elsewhere?); trying again");
    await new Promise((r) => setTimeout(r, 10_000));
  }
  results.worker = workerSize(join(APP_DIR, "worker"));

  const floorPort = await freePort(8891, RESERVED_PORTS);
  const floor = await startWorker({
    name: "hello-world",
    cwd: resolve("bench/hello-world"),
    port: floorPort,
    persistTo: join(WORK, "hello-world-state"),
    log: join(LOGS, "hello-world.log"),
    debugLog: join(LOGS, "wrangler-debug-hello-world.log"),
    inspector: options.inspector,
  });
  log(`hello-world floor on ${floor.base}`);

  for (const [index, size] of options.sizes.entries()) {
    const last = index === options.sizes.length - 1;
    const persistTo = await prepareSize(size);

    const appPort = await freePort(8890, [...RESERVED_PORTS, floorPort]);
    const app = await startWorker({
      name: `app-${size}`,
      cwd: APP_DIR,
      port: appPort,
      persistTo,
      bindings: { ENVIRONMENT: "development" },
      log: join(LOGS, `app-${size}.log`),
      debugLog: join(LOGS, `wrangler-debug-app-${size}.log`),
      readyPath: "/login",
      inspector: options.inspector,
    });
    log(`app on ${app.base}`);
    try {
      const cookies = {
        anonymous: "",
        connector: await login(app.base, "bench_connector_1", "Bench1234"),
        owner: await login(app.base, "bench_owner_1", "Bench1234"),
        admin: await login(app.base, "admin", "Admin1234"),
      };
      const me = await fetch(`${app.base}/api/businesses/me`, { headers: { Cookie: cookies.owner } });
      if (!me.ok) throw new Error(`GET /api/businesses/me as bench_owner_1: ${me.status}`);
      const businessId = (await me.json()).id;

      const routes = readRoutes(businessId);

      // Each route's time is taken in two halves (decision 103): one in a pass over the size's
      // routes in order, one in a pass back, so no route's number hangs on one stretch of a shared
      // machine. The tally adds the second half to the first; the summary is of both.
      const half = options.duration / 2;
      const load = (server, path, headers, pass, tally) =>
        loadRoute({
          url: `${server.base}${path}`,
          headers,
          connections: options.connections,
          duration: half,
          // The pass back finds the isolate warm: a few requests settle the route's connections.
          warmup: pass === 0 ? options.warmup : 50,
          cpuSeconds: () => groupCpuSeconds(server),
          tally,
        });

      log(`floor: ${options.connections} connections, ${options.duration} s`);
      const floorResult = await loadRoute({
        url: `${floor.base}/`,
        connections: options.connections,
        duration: options.duration,
        warmup: options.warmup,
        cpuSeconds: () => groupCpuSeconds(floor),
      });
      results.floor[size] = floorResult;
      log(
        `  floor p50 ${fmt(floorResult.p50, 2)} ms, p99 ${fmt(floorResult.p99, 2)} ms, ${fmt(floorResult.rps, 0)} req/s, ${fmt(floorResult.cpuMsPerRequest, 2)} CPU ms/req`,
      );

      // The floor again beside each route's half (decisions 086, 095): the machine's speed drifts
      // between sizes (the floor's p50 went from 10.7 to 7.1 ms), so each size's routes are held to
      // the floor of that size's minutes, the median of a short window before the first route and one
      // after each half (decision 099). (Loading the two in alternating slices brought the floor's
      // dev server down mid-run twice: decision 092.)
      const floorNearby = () =>
        loadRoute({
          url: `${floor.base}/`,
          connections: options.connections,
          duration: Math.max(2, Math.round(options.duration / 8)),
          warmup: 50,
          cpuSeconds: () => groupCpuSeconds(floor),
        });

      // Every floor window of this size: the routes are held to their median once all are in (decision 099).
      const floorWindows = [];
      const floorWindow = async () => {
        const window = await floorNearby();
        floorWindows.push(window);
        return window;
      };
      let floorBefore = await floorWindow();
      const floorBeside = async () => {
        const after = await floorWindow();
        const beside = bracketFloor(floorBefore, after);
        floorBefore = after;
        return beside;
      };

      /** Runs `measure(entry, pass)` over the entries in order, then back, a floor window after each. */
      const twoPasses = async (entries, measure) => {
        for (const [pass, order] of [entries, [...entries].reverse()].entries()) {
          for (const entry of order) {
            if (!(await measure(entry, pass))) continue;
            const beside = await floorBeside();
            // The pair beside the first half is the one the results keep.
            if (pass === 0) entry.floor = beside;
          }
        }
      };

      const measuredRoutes = [];
      for (const route of routes) {
        const headers = cookies[route.as] ? { Cookie: cookies[route.as] } : {};
        const first = await probe(`${app.base}${route.path}`, headers);
        if (first.status === 404 && route.optional) {
          // A screen another branch adds (the Earnings screen): measured once it exists.
          route.skipped = true;
          log(`${route.name} (${route.path}): 404, not in this build; skipped`);
          results.skipped.push({ name: route.name, path: route.path, size, reason: "404: the route is not in this build" });
          continue;
        }
        if (first.status !== 200) throw new Error(`${route.path} as ${route.as} answered ${first.status}`);
        log(`${route.name} (${route.path} as ${route.as}): ${first.roundTrips} D1 round trips, ${first.statements} statements`);
        measuredRoutes.push({ route, headers, first, tally: newTally() });
      }
      await twoPasses(measuredRoutes, async (entry, pass) => {
        const { route, headers } = entry;
        if (!route.perRows) {
          entry.measured = await load(app, route.path, headers, pass, entry.tally);
          log(`  ${route.name}, ${pass === 0 ? "first" : "second"} half: p50 ${fmt(entry.measured.p50, 2)} ms so far`);
          return true;
        }
        // An export is a whole file per request, measured in the first pass only: a few warm it (200
        // exports of 12,500 rows took minutes).
        if (pass === 1) return false;
        entry.measured = await loadWholeFiles({
          url: `${app.base}${route.path}`,
          headers,
          connections: options.connections,
          // Three exports per connection, each awaited: the file's whole time, however long it takes
          // (ten 100,000-row exports at once on two cores ran past 30 s: it gives up after 5 minutes without a byte).
          amount: options.connections * 3,
          warmup: Math.min(options.warmup, options.connections),
          timeoutSeconds: 300,
          cpuSeconds: () => groupCpuSeconds(app),
        });
        return true;
      });
      for (const { route, headers, first, floor: beside, ...entry } of measuredRoutes) {
        let measured = entry.measured;
        log(route.name);
        if (route.perRows) {
          // Time per started unit of rows: at most one unit below it, so a small export is held whole.
          const units = Math.max(1, (first.csvRows ?? 0) / route.perRows);
          measured = {
            ...measured,
            rows: first.csvRows,
            units,
            wholeP50: measured.p50,
            p50: measured.p50 / units,
            p90: measured.p90 / units,
            p99: measured.p99 / units,
            cpuMsPerRequest: measured.cpuMsPerRequest === null ? null : measured.cpuMsPerRequest / units,
          };
          log(
            `  ${first.csvRows} rows: times below are per ${fmt(units * route.perRows, 0)} rows / ${fmt(units, 2)}, i.e. per ${route.perRows} rows`,
          );
          results.exports.push({ name: route.name, size, ...(await exportMemory(`${app.base}${route.path}`, headers, app)) });
          const e = results.exports.at(-1);
          log(
            `  one export alone: ${e.rows} rows in ${fmt(e.ms, 0)} ms, server memory +${fmt(e.peakGrowthMB, 1)} MB at its peak`,
          );
        }
        const limit = route.kind === "api" ? BUDGET.apiRatio : BUDGET.pageRatio;
        const ratio = recordRoute(route, size, first, measured, beside, limit);
        log(
          `  p50 ${fmt(measured.p50, 2)} ms, p99 ${fmt(measured.p99, 2)} ms, ${fmt(measured.rps, 0)} req/s, ${fmt(ratio, 2)}× the floor beside its first half, ${fmt(measured.cpuMsPerRequest, 2)} CPU ms/req` +
            (measured.non2xx || measured.errors ? `, ${measured.non2xx} non-2xx, ${measured.errors} errors` : ""),
        );
      }

      // Writes (issue 18, decisions 072 and 132): through connectors' and the business's API keys, a
      // new body per request, in two halves as the reads.
      const writeRoutes = WRITE_ROUTES.filter(
        (r) => !options.only.length || options.only.some((p) => r.name.toLowerCase().includes(p)),
      );
      if (writeRoutes.length) {
        const shape = seedShape(size);
        const connectorPool = Number(shape[shape.indexOf("--connectors") + 1]);
        const writes = await prepareWrites({ base: app.base, login, ownerCookie: cookies.owner, businessId, connectorPool });
        log(
          `writes: new referrals through ${writes.connectors} connectors' personal keys (at most ${writes.createCapacityPerHour} an hour at their pace), revenue through ${writes.patchKeys} of the business's keys (at most ${writes.patchCapacityPerMinute} a minute)`,
        );
        const measuredWrites = [];
        for (const route of writeRoutes) {
          const response = await writes.probe(route);
          const first = await firstAnswer(response);
          if (!response.ok) throw new Error(`${route.name} answered ${response.status}`);
          log(`${route.name} (as ${route.as}): ${first.roundTrips} D1 round trips, ${first.statements} statements`);
          measuredWrites.push({ route, first, tally: newTally() });
        }
        await twoPasses(measuredWrites, async (entry, pass) => {
          entry.measured = await loadRoute({
            url: app.base,
            connections: options.connections,
            duration: half,
            warmup: pass === 0 ? options.warmup : 50,
            cpuSeconds: () => groupCpuSeconds(app),
            request: writes.autocannonOptions(entry.route),
            tally: entry.tally,
          });
          log(`  ${entry.route.name}, ${pass === 0 ? "first" : "second"} half: p50 ${fmt(entry.measured.p50, 2)} ms so far`);
          return true;
        });
        for (const { route, first, measured, floor: beside } of measuredWrites) {
          const ratio = recordRoute(route, size, first, measured, beside, BUDGET.writeRatio);
          log(
            `${route.name}: p50 ${fmt(measured.p50, 2)} ms, p99 ${fmt(measured.p99, 2)} ms, ${fmt(measured.rps, 0)} writes/s, ${fmt(ratio, 2)}× the floor beside its first half, ${fmt(measured.cpuMsPerRequest, 2)} CPU ms/req, statuses ${JSON.stringify(measured.statuses)}`,
          );
        }
      }

      holdToSizeFloor(size, floorWindows);

      if (last) {
        log("client JavaScript per screen");
        results.clientJs = await measureClientJs(app, routes, cookies);
        results.coldStart = await coldStarts(persistTo, cookies);
        if (options.lighthouse) {
          const { lighthouseMedian } = await import("./bench/lighthouse.mjs");
          for (const path of [`/refer/${businessId}`, "/login"]) {
            log(`Lighthouse ${path} (mobile, ${options.lighthouseRuns} runs)`);
            const result = await lighthouseMedian(`${app.base}${path}`, options.lighthouseRuns);
            results.lighthouse.push({ path, ...result, url: undefined });
            log(
              `  performance ${result.performance}, accessibility ${result.accessibility} (runs ${JSON.stringify(result.runs)})`,
            );
          }
        }
      }
    } finally {
      await stopWorker(app);
      if (!options.keepLogs) rmSync(join(LOGS, `wrangler-debug-app-${size}.log`), { force: true });
    }
  }
  await stopWorker(floor);
  if (!options.keepLogs) rmSync(join(LOGS, "wrangler-debug-hello-world.log"), { force: true });
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(error);
  results.error = String(error?.stack ?? error);
  exitCode = 2;
} finally {
  killAll();
}
results.load.end = loadavg().map((n) => Number(n.toFixed(2)));
results.seconds = Math.round((Date.now() - started) / 1000);
evaluate();
const table = report();
console.log(`\n${table}\n`);
mkdirSync(dirname(options.out), { recursive: true });
writeFileSync(options.out, `${JSON.stringify({ ...results, table }, null, 2)}\n`);
try {
  // In Biome's layout, so the committed copy passes `npm run lint` as written.
  execFileSync(bin("biome"), ["format", "--write", options.out], { stdio: "ignore" });
} catch {}
log(`wrote ${options.out} (${results.seconds} s)`);
const failed = results.checks.filter((c) => !c.pass);
if (exitCode === 0 && failed.length) {
  console.log(
    `\n${failed.length} budget(s) missed:\n${failed.map((c) => `  - ${c.name}: ${c.value}${c.detail} (limit ${c.limit})`).join("\n")}`,
  );
  exitCode = 1;
} else if (exitCode === 0) {
  console.log("\nEvery budget holds.");
}
process.exit(exitCode);
