// Cold starts (issue 18, decision 075): a fresh workerd isolate's first response, measured by starting
// the built worker anew through Miniflare N times. Each run times `ready` (workerd up, the worker's
// modules parsed and their top level evaluated: what Cloudflare's startup limit counts) and then the
// first request and a second, warm one. The floor is a Worker that returns a fixed string, started
// the same way: the app's startup above it is the cost of loading the app's own code.
import { readdirSync, readFileSync } from "node:fs";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { compatibilityDate, compatibilityFlags } from "../lib/worker-config.mjs";
import { median } from "./load.mjs";

/** workerd processes this process started (Miniflare spawns one per instance), by pid. */
function workerdChildren() {
  const pids = new Set();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === process.pid && stat.includes("(workerd)")) pids.add(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** CPU milliseconds (user + system) a process has used so far; Linux only (else NaN). */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 1/100 s
  } catch {
    return Number.NaN;
  }
}

const FLOOR_SCRIPT = `export default { fetch: () => new Response("<!doctype html><title>hello</title><p>hello</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } }) };`;

/** One fresh isolate: startup, the first response to `path`, then a second request to it. */
async function coldRun({ modules, persistTo, bindings, path, headers }) {
  const before = workerdChildren();
  const started = performance.now();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modulesRoot: "/",
      modules,
      compatibilityDate,
      compatibilityFlags,
      ...(persistTo
        ? { d1Databases: { DB: "00000000-0000-4000-8000-000000000000" }, resourcePersistencePath: `${persistTo}/v3` }
        : {}),
      bindings,
      serviceBindings: { ASSETS: () => new Response("Not found", { status: 404 }) },
    }),
  );
  try {
    await mf.ready;
    const ready = performance.now();
    // The CPU workerd spent getting ready: busy machines stretch the wall time, not this.
    const pid = [...workerdChildren()].find((p) => !before.has(p));
    const startupCpuMs = pid ? cpuMs(pid) : Number.NaN;
    const first = await mf.dispatchFetch(`http://localhost${path}`, { headers, redirect: "manual" });
    await first.arrayBuffer();
    const firstDone = performance.now();
    const second = await mf.dispatchFetch(`http://localhost${path}`, { headers, redirect: "manual" });
    await second.arrayBuffer();
    const secondDone = performance.now();
    if (first.status !== 200) throw new Error(`cold start: ${path} answered ${first.status}`);
    const firstCpuMs = pid ? cpuMs(pid) - startupCpuMs : Number.NaN;
    return { startupMs: ready - started, startupCpuMs, firstMs: firstDone - ready, firstCpuMs, warmMs: secondDone - firstDone };
  } finally {
    await mf.dispose();
  }
}

/**
 * `runs` cold starts of the worker at `workerPath` for each of `targets` ({ name, path, headers }),
 * and of the floor; medians per target. `persistTo` is a bench database (the data screens need it),
 * `bindings` the worker's vars and secrets.
 */
export async function measureColdStarts({ workerPath, persistTo, bindings, targets, runs = 5 }) {
  const floorRuns = [];
  for (let i = 0; i < runs; i++) {
    floorRuns.push(
      await coldRun({ modules: [{ type: "ESModule", path: "/floor.mjs", contents: FLOOR_SCRIPT }], bindings: {}, path: "/" }),
    );
  }
  const summary = (list) => ({
    startupMs: median(list.map((r) => r.startupMs)),
    startupCpuMs: median(list.map((r) => r.startupCpuMs)),
    // The least disturbed start: other work on the machine only ever adds CPU (cache misses, shared cores).
    startupCpuMinMs: Math.min(...list.map((r) => r.startupCpuMs)),
    firstCpuMs: median(list.map((r) => r.firstCpuMs)),
    firstMs: median(list.map((r) => r.firstMs)),
    warmMs: median(list.map((r) => r.warmMs)),
    firstResponseMs: median(list.map((r) => r.startupMs + r.firstMs)),
    runs: list.map((r) => ({
      startupMs: Number(r.startupMs.toFixed(1)),
      startupCpuMs: r.startupCpuMs,
      firstCpuMs: r.firstCpuMs,
      firstMs: Number(r.firstMs.toFixed(1)),
      warmMs: Number(r.warmMs.toFixed(1)),
    })),
  });
  const floor = summary(floorRuns);
  const app = [];
  for (const target of targets) {
    const list = [];
    for (let i = 0; i < runs; i++) {
      list.push(
        await coldRun({
          modules: [{ type: "ESModule", path: workerPath }],
          persistTo,
          bindings,
          path: target.path,
          headers: target.headers ?? {},
        }),
      );
    }
    const s = summary(list);
    // Above the floor: parsing and evaluating the app's modules (startup), and its first request's
    // extra work over a warm one (lazy initialisation on first use).
    app.push({
      name: target.name,
      path: target.path,
      ...s,
      startupOverFloorMs: s.startupMs - floor.startupMs,
      startupCpuOverFloorMs: s.startupCpuMs - floor.startupCpuMs,
    });
  }
  return { runs, floor, app };
}
