// What a run measures, as written to the results file, and the last run's CPU figures it is compared with.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { BUDGET, fmt, options } from "./options.mjs";

function machine() {
  const git = (...args) => {
    try {
      return execFileSync("git", args, { encoding: "utf8" }).trim();
    } catch {
      return null;
    }
  };
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? null,
    memoryGB: Math.round(totalmem() / 1e9),
    node: process.version,
    wrangler: JSON.parse(readFileSync("node_modules/wrangler/package.json", "utf8")).version,
    platform: `${process.platform} ${process.arch}`,
    commit: git("rev-parse", "--short", "HEAD"),
    uncommittedFiles: (git("status", "--porcelain") ?? "").split("\n").filter(Boolean).length,
  };
}

/** The last run's CPU ms per request by size and route name, read before this run overwrites it. */
function loadBaseline() {
  const file = options.baseline || options.out;
  if (!existsSync(file)) return null;
  try {
    const previous = JSON.parse(readFileSync(file, "utf8"));
    const cpu = new Map();
    for (const [size, f] of Object.entries(previous.floor ?? {})) cpu.set(`${size}\u0000floor`, f.cpuMsPerRequest);
    for (const r of previous.routes ?? []) cpu.set(`${r.size}\u0000${r.name}`, r.cpuMsPerRequest);
    return { date: previous.date, node: previous.machine?.node ?? null, cpu };
  } catch {
    return null;
  }
}
export const baseline = loadBaseline();
export const lastCpu = (size, name) => baseline?.cpu.get(`${size}\u0000${name}`) ?? Number.NaN;
export const cpuChange = (now, before) => (Number.isFinite(now) && Number.isFinite(before) ? `${fmt(now / before, 2)}×` : "n/a");

export const results = {
  date: new Date().toISOString(),
  machine: machine(),
  load: { start: loadavg().map((n) => Number(n.toFixed(2))) },
  options: { ...options, out: undefined },
  budgets: BUDGET,
  floor: {},
  // Per size: the floor windows the routes are held to (their median; decision 099).
  floorWindows: {},
  routes: [],
  scaling: [],
  seeds: [],
  skipped: [],
  clientJs: null,
  coldStart: null,
  worker: null,
  lighthouse: [],
  exports: [],
  checks: [],
};
