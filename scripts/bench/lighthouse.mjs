// Lighthouse (default config: mobile, simulated slow 4G and 4x CPU slowdown) on the local Chromium.
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { median } from "./load.mjs";

export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p) => p && existsSync(p));
  if (found) return found;
  throw new Error("No Chromium for Lighthouse: set CHROME_PATH, or on Debian/Ubuntu `sudo apt-get install -y chromium`");
}

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "interactive",
];

function itemSummary(item) {
  if (item.node) return { selector: item.node.selector, snippet: item.node.snippet, explanation: item.node.explanation };
  if (item.url) return { url: item.url, wastedBytes: item.wastedBytes, totalBytes: item.totalBytes, wastedMs: item.wastedMs };
  return Object.fromEntries(Object.entries(item).filter(([, v]) => typeof v !== "object"));
}

function summarize(lhr) {
  const audits = lhr.audits;
  // What keeps a category below 100: accessibility audits that failed, performance audits that
  // Lighthouse scores under 0.9 (opportunities and diagnostics), biggest estimated saving first.
  const failing = (category, below) =>
    lhr.categories[category].auditRefs
      .map((ref) => audits[ref.id])
      .filter((a) => a && a.score !== null && a.scoreDisplayMode !== "informative" && a.score < below)
      .map((a) => ({
        id: a.id,
        title: a.title,
        score: a.score,
        displayValue: a.displayValue ?? null,
        metricSavings: a.metricSavings ?? null,
        savingsBytes: a.details?.overallSavingsBytes ?? null,
        // The offending elements or resources, so a miss can be acted on without rerunning.
        items: (a.details?.items ?? []).slice(0, 5).map(itemSummary),
      }));
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    metrics: Object.fromEntries(METRICS.map((id) => [id, audits[id]?.numericValue ?? null])),
    failingAccessibility: failing("accessibility", 1),
    weakPerformance: failing("performance", 0.9),
    // Lighthouse's measure of this host's CPU speed; simulated throttling scales CPU time from it.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    runWarnings: lhr.runWarnings,
  };
}

/** Busy and total jiffies of every CPU so far (/proc/stat's first line). */
function cpuJiffies() {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const n = fields.map(Number);
  const idle = n[3] + (n[4] ?? 0);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Waits (at most `maxSeconds`) for a second in which the machine's CPUs are at most `busyShare`
 * busy: simulated throttling multiplies the CPU time it observes, so a run that starts while the
 * server is still settling from the load before it scores a slower page than the one served
 * (decision 097). Returns the seconds waited.
 */
export async function quietMachine({ busyShare = 0.15, maxSeconds = 30 } = {}) {
  const started = performance.now();
  if (!existsSync("/proc/stat")) return 0;
  for (;;) {
    const before = cpuJiffies();
    await sleep(1000);
    const after = cpuJiffies();
    const share = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    const waited = (performance.now() - started) / 1000;
    if (share <= busyShare || waited >= maxSeconds) return waited;
  }
}

/** `runs` Lighthouse runs of one URL in one headless Chromium; the median run and every score. */
export async function lighthouseMedian(url, runs) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    // Paint holding keeps a navigation's first frame back for up to a second when Chromium judges
    // the page not ready; headless it held /refer/{id}, a page with no script, to FCP 1,266 ms after
    // its load event at 251 ms, and Lighthouse then simulates every script as run before FCP (decision 097).
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-features=PaintHolding",
    ],
  });
  try {
    const results = [];
    const quietSeconds = [];
    for (let i = 0; i < runs; i++) {
      quietSeconds.push(Math.round(await quietMachine()));
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
      results.push(result.lhr);
    }
    const medianLhr = computeMedianRun(results);
    const scores = results.map((lhr) => ({
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
    }));
    return {
      url,
      runs: scores,
      // Seconds each run waited for a quiet machine.
      quietSeconds,
      // Each category's median over the runs (the middle score of an odd number).
      performance: median(scores.map((s) => s.performance)),
      accessibility: median(scores.map((s) => s.accessibility)),
      medianRun: summarize(medianLhr),
    };
  } finally {
    await chrome.kill();
  }
}
