// The budgets checked against the results, and the table the run prints and writes.
import { BUDGET, fmt, kb, options } from "./options.mjs";
import { baseline, cpuChange, lastCpu, results } from "./results.mjs";

function check(name, value, limit, pass, detail = "") {
  results.checks.push({ name, value, limit, pass, detail });
}

/**
 * What a route's p50 is held to: the floor's p50, or for an export (per its unit of rows) the p50 of
 * the JSON page of as many rows at the same size (decision 086); a reference route to nothing.
 */
function budgeted(r) {
  const clean = r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
  if (r.reference) return { ratio: r.ratio, limit: null, unit: "× floor", ok: clean };
  if (!r.against) return { ratio: r.ratio, limit: r.limit, unit: "× floor", ok: clean && r.ratio <= r.limit };
  const page = results.routes.find((x) => x.size === r.size && x.name === r.against);
  const ratio = page ? r.p50 / page.p50 : Number.POSITIVE_INFINITY;
  return { ratio, limit: BUDGET.exportVsJsonPage, unit: "× the JSON page", ok: clean && ratio <= BUDGET.exportVsJsonPage };
}

export function evaluate() {
  for (const r of results.routes) {
    const b = budgeted(r);
    const failures =
      r.non2xx || r.errors || r.timeouts ? ` (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)` : "";
    const limit = b.limit === null ? "reference (no budget)" : `≤ ${b.limit}${b.unit}`;
    check(`${r.name} p50 at ${r.size} referrals`, `${fmt(b.ratio, 2)}${b.unit}`, limit, b.ok, failures);
  }
  // Every route at every larger size against its p50 at the smallest (issue 18: reads and writes alike).
  const smallest = Math.min(...options.sizes);
  for (const large of options.sizes.filter((n) => n > smallest).sort((a, b) => a - b)) {
    for (const small of results.routes.filter((r) => r.size === smallest)) {
      const big = results.routes.find((r) => r.size === large && r.name === small.name);
      if (!big) continue;
      // Each size's p50 over the floor of its own minutes (decision 092): how much the route grew,
      // not how much faster or slower the shared machine was in the two sizes' minutes.
      const ratio = big.ratio / small.ratio;
      const cpuRatio = big.cpuMsPerRequest / small.cpuMsPerRequest;
      results.scaling.push({
        name: small.name,
        size: large,
        small: small.p50,
        large: big.p50,
        p50Ratio: big.p50 / small.p50,
        ratio,
        cpuRatio: Number.isFinite(cpuRatio) ? cpuRatio : null,
      });
      check(
        `${small.name} p50 × floor ${large} vs ${smallest}`,
        `${fmt(ratio, 2)}×`,
        `≤ ${BUDGET.scaling}×`,
        ratio <= BUDGET.scaling,
      );
    }
  }
  for (const e of results.exports) {
    if (e.peakGrowthMB === null) continue;
    check(
      `${e.name}: server memory while one export streams, at ${e.size} referrals (${e.rows} rows)`,
      `+${fmt(e.peakGrowthMB, 1)} MB`,
      `≤ ${BUDGET.exportMemoryMB} MB`,
      e.peakGrowthMB <= BUDGET.exportMemoryMB,
    );
  }
  if (results.clientJs) {
    const refer = results.clientJs.pages.find((p) => p.name === "/refer/{id}");
    if (refer) check("client JS on /refer/{id} (gzip)", kb(refer.gzip), `≤ ${kb(BUDGET.referJs)}`, refer.gzip <= BUDGET.referJs);
    const all = [...results.clientJs.pages.map((p) => ({ id: p.path, gzip: p.gzip })), ...results.clientJs.everyScreen];
    const heaviest = all.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    check(
      "client JS on any screen (gzip)",
      `${kb(heaviest.gzip)} (${heaviest.id})`,
      `≤ ${kb(BUDGET.anyRouteJs)}`,
      heaviest.gzip <= BUDGET.anyRouteJs,
    );
  }
  for (const a of results.coldStart?.app ?? []) {
    check(
      `cold start CPU (least of ${results.coldStart.runs}), ${a.name}`,
      `${fmt(a.startupCpuMinMs, 0)} ms (median ${fmt(a.startupCpuMs, 0)} ms, floor ${fmt(results.coldStart.floor.startupCpuMinMs, 0)} ms)`,
      `< ${BUDGET.coldStartCpu} ms`,
      a.startupCpuMinMs < BUDGET.coldStartCpu,
    );
  }
  if (results.worker) {
    check("worker bundle (gzip)", kb(results.worker.gzip), `< ${kb(BUDGET.worker)}`, results.worker.gzip < BUDGET.worker);
  }
  for (const lh of results.lighthouse) {
    check(
      `Lighthouse performance ${lh.path}`,
      String(lh.performance),
      `≥ ${BUDGET.lighthousePerformance}`,
      lh.performance >= BUDGET.lighthousePerformance,
    );
    check(
      `Lighthouse accessibility ${lh.path}`,
      String(lh.accessibility),
      `= ${BUDGET.lighthouseAccessibility}`,
      lh.accessibility >= BUDGET.lighthouseAccessibility,
    );
  }
}

export function report() {
  const lines = [];
  lines.push(
    `Benchmark ${results.date} · ${results.machine.cpus} CPUs · Node ${results.machine.node} · wrangler ${results.machine.wrangler} · ` +
      `${options.connections} connections, ${options.duration} s per route · load average ${results.load.start.join("/")} → ${results.load.end.join("/")}`,
  );
  if (baseline) lines.push(`Last run compared: ${baseline.date} (Node ${baseline.node ?? "n/a"}).`);
  lines.push("");
  lines.push(
    "| route | referrals | p50 ms | p99 ms | req/s | floor p50 ms | × floor | budget | pass | D1 round trips | CPU ms/req | CPU × floor | last run CPU ms/req | CPU vs last run |",
  );
  lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const size of options.sizes) {
    const f = results.floor[size];
    if (f)
      lines.push(
        `| hello-world floor | ${size} | ${fmt(f.p50, 2)} | ${fmt(f.p99, 2)} | ${fmt(f.rps, 0)} | ${fmt(f.p50, 2)} | 1.00 | | | | ${fmt(f.cpuMsPerRequest, 2)} | 1.00 | ` +
          `${fmt(lastCpu(size, "floor"), 2)} | ${cpuChange(f.cpuMsPerRequest, lastCpu(size, "floor"))} |`,
      );
    for (const r of results.routes.filter((x) => x.size === size)) {
      const b = budgeted(r);
      const limit =
        b.limit === null ? "reference" : b.unit === "× floor" ? `≤ ${b.limit}` : `≤ ${b.limit}${b.unit} (${fmt(b.ratio, 2)})`;
      lines.push(
        `| ${r.name} | ${size} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.rps, 0)} | ${fmt(r.floorP50, 2)} | ${fmt(r.ratio, 2)} | ${limit} | ${b.ok ? "yes" : "**NO**"} | ` +
          `${r.roundTrips} | ${fmt(r.cpuMsPerRequest, 2)} | ${fmt(r.cpuRatio, 2)} | ` +
          `${fmt(lastCpu(size, r.name), 2)} | ${cpuChange(r.cpuMsPerRequest, lastCpu(size, r.name))} |`,
      );
    }
  }
  if (results.skipped.length) {
    lines.push("");
    for (const r of results.skipped) lines.push(`Skipped: ${r.name} (${r.path}) at ${r.size} referrals: ${r.reason}.`);
  }
  if (results.scaling.length) {
    lines.push("");
    lines.push(
      `| route | referrals | p50 at ${Math.min(...options.sizes)} | p50 | p50 ratio | × floor ratio | budget | pass | CPU ms/req ratio |`,
    );
    lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |");
    for (const s of results.scaling) {
      lines.push(
        `| ${s.name} | ${s.size} | ${fmt(s.small, 2)} | ${fmt(s.large, 2)} | ${fmt(s.p50Ratio, 2)} | ${fmt(s.ratio, 2)} | ≤ ${BUDGET.scaling} | ${s.ratio <= BUDGET.scaling ? "yes" : "**NO**"} | ${fmt(s.cpuRatio, 2)} |`,
      );
    }
  }
  if (results.seeds.length) {
    lines.push("");
    lines.push(
      `Seeds: ${results.seeds.map((x) => `${x.size} referrals (${x.args.join(" ")}) in ${fmt(x.seconds, 0)} s, ${fmt(x.databaseMB, 0)} MB`).join("; ")}.`,
    );
  }
  if (results.clientJs) {
    lines.push("");
    lines.push("| screen | JS files | JS raw | JS gzip |");
    lines.push("| --- | ---: | ---: | ---: |");
    for (const p of results.clientJs.pages) lines.push(`| ${p.name} | ${p.files} | ${kb(p.bytes)} | ${kb(p.gzip)} |`);
    const top = results.clientJs.everyScreen[0];
    if (top)
      lines.push(
        `| heaviest of ${results.clientJs.everyScreen.length} screens: ${top.id} | ${top.files} | ${kb(top.bytes)} | ${kb(top.gzip)} |`,
      );
    const refer = results.clientJs.pages.find((p) => p.name === "/refer/{id}");
    if (refer) {
      const biggest = refer.chunks.slice(0, 4).map((c) => `${c.path.replace("/build/", "")} ${kb(c.gzip)}`);
      lines.push("");
      lines.push(`Largest files on /refer/{id} (gzip): ${biggest.join(", ")}.`);
    }
  }
  if (results.coldStart) {
    const f = results.coldStart.floor;
    lines.push("");
    lines.push(
      `| cold start (median of ${results.coldStart.runs}) | first response ms | startup ms | startup CPU ms | startup CPU over floor | first request ms | warm request ms |`,
    );
    lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    lines.push(
      `| hello-world floor | ${fmt(f.firstResponseMs, 0)} | ${fmt(f.startupMs, 0)} | ${fmt(f.startupCpuMs, 0)} | | ${fmt(f.firstMs, 1)} | ${fmt(f.warmMs, 1)} |`,
    );
    for (const a of results.coldStart.app) {
      lines.push(
        `| ${a.name} (${a.path}) | ${fmt(a.firstResponseMs, 0)} | ${fmt(a.startupMs, 0)} | ${fmt(a.startupCpuMs, 0)} | ${fmt(a.startupCpuOverFloorMs, 0)} | ${fmt(a.firstMs, 1)} | ${fmt(a.warmMs, 1)} |`,
      );
    }
    if (results.worker) lines.push(`Worker bundle: ${kb(results.worker.bytes)} raw, ${kb(results.worker.gzip)} gzipped.`);
  }
  if (results.lighthouse.length) {
    lines.push("");
    lines.push("| Lighthouse (mobile, median of runs) | performance | accessibility | runs | FCP ms | LCP ms | TBT ms | CLS |");
    lines.push("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |");
    for (const lh of results.lighthouse) {
      const m = lh.medianRun.metrics;
      lines.push(
        `| ${lh.path} | ${lh.performance} | ${lh.accessibility} | ${lh.runs.map((r) => `${r.performance}/${r.accessibility}`).join(", ")} | ` +
          `${fmt(m["first-contentful-paint"], 0)} | ${fmt(m["largest-contentful-paint"], 0)} | ${fmt(m["total-blocking-time"], 0)} | ${fmt(m["cumulative-layout-shift"], 3)} |`,
      );
    }
  }
  for (const lh of results.lighthouse) {
    const weak = lh.medianRun.weakPerformance.map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    const a11y = lh.medianRun.failingAccessibility.map((a) => a.title);
    if (weak.length || a11y.length) {
      lines.push("");
      if (weak.length) lines.push(`Lighthouse ${lh.path}, performance audits below 0.9: ${weak.join("; ")}.`);
      if (a11y.length) lines.push(`Lighthouse ${lh.path}, failing accessibility audits: ${a11y.join("; ")}.`);
    }
  }
  lines.push("");
  lines.push("| budget | measured | limit | pass |");
  lines.push("| --- | --- | --- | --- |");
  for (const c of results.checks) lines.push(`| ${c.name} | ${c.value}${c.detail} | ${c.limit} | ${c.pass ? "yes" : "**NO**"} |`);
  return lines.join("\n");
}
