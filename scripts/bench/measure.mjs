// One route's requests and answers, and how its measurement is held to the hello-world floor.
import { join } from "node:path";
import { median } from "./load.mjs";
import { fmt, LOGS, log } from "./options.mjs";
import { results } from "./results.mjs";
import { groupRssBytes } from "./servers.mjs";

export async function login(base, username, password) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** One request: status, size and the Server-Timing figures (D1 round trips) of the route. */
export async function probe(url, headers) {
  return firstAnswer(await fetch(url, { headers, redirect: "manual" }));
}

/** A response's status, size and Server-Timing figures (a write's own answer: it cannot be probed twice). */
export async function firstAnswer(response) {
  const body = await response.arrayBuffer();
  const timing = response.headers.get("server-timing") ?? "";
  // A CSV's data rows (its header line aside): an export's time is measured per 500 of them (decision 086).
  const csvRows = (response.headers.get("content-type") ?? "").startsWith("text/csv")
    ? new TextDecoder().decode(body).split("\r\n").filter(Boolean).length - 1
    : null;
  const match = timing.match(/desc="(\d+) round trips, (\d+) statements"/);
  return {
    status: response.status,
    bytes: body.byteLength,
    serverTiming: timing || null,
    roundTrips: match ? Number(match[1]) : 0,
    statements: match ? Number(match[2]) : 0,
    csvRows,
  };
}

/**
 * The floor windows measured just before and just after a route (decision 095): kept beside it in
 * the results, and their mean p50 gives the provisional ratio the log prints while the size runs.
 * Either side answering nothing leaves no requests.
 */
export function bracketFloor(before, after) {
  return {
    requests: Math.min(before.requests, after.requests),
    p50: (before.p50 + after.p50) / 2,
    p50Before: before.p50,
    p50After: after.p50,
  };
}

/**
 * Holds every route of one size to the median of the floor windows measured through that size's
 * run (decision 099): one 5-second window's p50 moved between 6.3 and 12.5 ms with no trend within a
 * size, so the two beside a route (decision 095) still carried that noise into its ratio. The
 * windows beside each route stay in the results (floorP50Before, floorP50After).
 */
export function holdToSizeFloor(size, windows) {
  const answered = windows.filter((w) => w.requests > 0);
  const p50 = median(answered.map((w) => w.p50));
  const measuredCpu = median(answered.map((w) => w.cpuMsPerRequest).filter((v) => Number.isFinite(v)));
  const cpu = Number.isFinite(measuredCpu) ? measuredCpu : null;
  const p50s = answered.map((w) => Math.round(w.p50 * 100) / 100);
  results.floorWindows[size] = { windows: answered.length, p50, cpuMsPerRequest: cpu, p50s };
  log(
    `floor at ${size}: median of ${answered.length} windows, p50 ${fmt(p50, 2)} ms (windows ${fmt(Math.min(...p50s), 2)}-${fmt(Math.max(...p50s), 2)} ms), ${fmt(cpu, 2)} CPU ms/req`,
  );
  for (const r of results.routes.filter((x) => x.size === size)) {
    r.floorP50 = p50;
    r.floorCpuMsPerRequest = cpu;
    r.ratio = r.p50 / p50;
    const cpuRatio = cpu === null ? Number.NaN : r.cpuMsPerRequest / cpu;
    r.cpuRatio = Number.isFinite(cpuRatio) ? cpuRatio : null;
    log(`  ${r.name}: ${fmt(r.ratio, 2)}× the floor${r.limit ? ` (budget ${r.limit})` : ""}, CPU ${fmt(r.cpuRatio, 2)}×`);
  }
}

/**
 * One route's measurement at one size and its budget, into the results; its floor and ratios are
 * set by holdToSizeFloor once the size is done. Returns the ratio to the floor beside it, for the log.
 */
export function recordRoute(route, size, first, measured, floorResult, limit) {
  if (!(floorResult.requests > 0)) {
    throw new Error(`the floor answered nothing beside ${route.name}: see ${join(LOGS, "hello-world.log")}`);
  }
  results.routes.push({
    ...route,
    size,
    ...measured,
    // The floor windows just before and just after the route.
    floorP50Before: floorResult.p50Before,
    floorP50After: floorResult.p50After,
    limit,
    bytes: first.bytes,
    serverTiming: first.serverTiming,
    roundTrips: first.roundTrips,
    statements: first.statements,
  });
  return measured.p50 / floorResult.p50;
}

/**
 * One export on its own, read to the end while the server group's resident memory is sampled every
 * 10 ms: an export that streams page by page holds one page at a time, whatever the rows.
 */
export async function exportMemory(url, headers, server) {
  const before = groupRssBytes(server);
  let peak = before;
  const timer = setInterval(() => {
    const now = groupRssBytes(server);
    if (now !== null && now > peak) peak = now;
  }, 10);
  const started = performance.now();
  const response = await fetch(url, { headers });
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of response.body) text += decoder.decode(chunk, { stream: true });
  const ms = performance.now() - started;
  clearInterval(timer);
  const rows = text.split("\r\n").filter(Boolean).length - 1;
  return {
    rows,
    ms,
    rssBeforeMB: before === null ? null : before / 1e6,
    peakGrowthMB: before === null ? null : (peak - before) / 1e6,
  };
}
