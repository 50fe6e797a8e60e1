// The bench's command line and budgets (scripts/bench.mjs's header lists the options), its work
// folders, and how it logs.
import { join, resolve } from "node:path";

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
}
const flag = (name) => process.argv.includes(`--${name}`);

export const options = {
  build: !flag("no-build"),
  sizes: option("sizes", "10000,100000,1000000").split(",").map(Number),
  duration: Number(option("duration", "20")),
  connections: Number(option("connections", "10")),
  warmup: Number(option("warmup", "200")),
  lighthouse: !flag("no-lighthouse"),
  // Five: Lighthouse's own guidance for variability (the median of five halves it); three runs of
  // /login scored 90, 92 and 99 in one run of this bench (decision 090).
  lighthouseRuns: Number(option("lighthouse-runs", "5")),
  out: option("out", "bench/results.json"),
  // The run this one is compared with: by default the results file it is about to replace.
  baseline: option("baseline", ""),
  keepLogs: flag("keep-logs"),
  reuseData: flag("reuse-data"),
  inspector: flag("inspector"),
  only: option("only", "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
};
if (options.sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--sizes takes whole numbers, e.g. 10000,100000");

// Decimal units (1 KB = 1,000 bytes), the stricter reading of the figures.
export const BUDGET = {
  pageRatio: 10, // page p50 / hello-world p50
  apiRatio: 5, // API p50 / hello-world p50
  writeRatio: 10, // write p50 / hello-world p50 (issue 18)
  // An export's p50 per 500 rows / the p50 of the same 500 rows as one JSON API page (decision 086):
  // a download of the rows costs no more than reading them through the API's largest pages.
  exportVsJsonPage: 1,
  scaling: 1.5, // p50 over its floor at each larger size / the same at the smallest (decision 092)
  referJs: 90_000, // gzipped client JS on /refer/{id}
  anyRouteJs: 120_000, // gzipped client JS on any screen (decision 075)
  worker: 1_000_000, // gzipped worker bundle
  // CPU ms the workerd process spends starting a fresh isolate of the app (its own boot included):
  // Cloudflare's Worker startup limit is 1 s of CPU for parsing and running the global scope (decision 075).
  coldStartCpu: 1_000,
  // Growth of the server's resident memory while one CSV export streams (decision 076): it must not
  // grow with the rows exported (a Worker isolate has 128 MB; an export buffered whole would need its size).
  exportMemoryMB: 16,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
};

// Ports other work on this machine uses (npm start, the end-to-end servers).
export const RESERVED_PORTS = [8788, 8799, 8811];
export const ROOT = process.cwd();
export const WORK = resolve(".wrangler/bench");
export const APP_DIR = join(WORK, "app");
export const LOGS = join(WORK, "logs");

export const log = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
