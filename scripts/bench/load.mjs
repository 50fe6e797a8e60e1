// Drives one route with autocannon and reports its latency from every response's own timing;
// whole-file exports go over a connection each (loadWholeFiles).
import { get } from "node:http";
import autocannon from "autocannon";

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** What the runs of one route add up to: every latency, status, failure, byte and second. */
export function newTally() {
  return { times: [], statuses: {}, errors: 0, timeouts: 0, bytes: 0, seconds: 0, cpuSeconds: 0, cpuKnown: true };
}

function fire(tally, { url, headers, connections, duration, amount, request = {}, timeoutSeconds = 30 }) {
  const instance = autocannon({
    url,
    headers,
    connections,
    ...request,
    ...(amount ? { amount } : { duration }),
    timeout: timeoutSeconds,
  });
  // autocannon's own histogram keeps whole milliseconds; a 3 ms floor needs the fractions.
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    tally.times.push(responseTime);
    tally.statuses[statusCode] = (tally.statuses[statusCode] ?? 0) + 1;
  });
  return Promise.resolve(instance).then((result) => {
    tally.errors += result.errors;
    tally.timeouts += result.timeouts;
    tally.bytes += result.throughput.total;
    tally.seconds += result.duration;
  });
}

/** Runs `work` into the tally, adding the server's CPU seconds it took (null when unknown). */
async function measured(tally, cpuSeconds, work) {
  const before = cpuSeconds();
  await work();
  const after = cpuSeconds();
  if (before === null || after === null) tally.cpuKnown = false;
  else tally.cpuSeconds += after - before;
}

function summarize(tally) {
  const times = [...tally.times].sort((a, b) => a - b);
  const non2xx = Object.entries(tally.statuses)
    .filter(([code]) => !code.startsWith("2"))
    .reduce((n, [, count]) => n + count, 0);
  return {
    requests: times.length,
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
    mean: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length),
    rps: times.length / Math.max(tally.seconds, 1e-9),
    statuses: tally.statuses,
    non2xx,
    errors: tally.errors,
    timeouts: tally.timeouts,
    bytesPerResponse: Math.round(tally.bytes / Math.max(1, times.length)),
    // Server CPU (wrangler + workerd + D1) per response: steadier than latency when the machine is shared.
    cpuMsPerRequest: tally.cpuKnown ? (tally.cpuSeconds * 1000) / Math.max(1, times.length) : null,
  };
}

/**
 * Warms the route with `warmup` requests, then loads it for `duration` seconds (or `amount`
 * requests) over `connections` connections. Latencies in ms; any non-2xx response or socket error marks the run as failed.
 * `request`: more autocannon options, e.g. `requests` whose setupRequest varies each write's body.
 * `tally` (newTally): what an earlier run of the same route measured, to add this one to; the
 * summary is of all of it.
 */
export async function loadRoute({
  url,
  headers = {},
  connections,
  duration,
  amount,
  warmup,
  cpuSeconds = () => null,
  request,
  timeoutSeconds,
  tally = newTally(),
}) {
  if (warmup > 0) await fire(newTally(), { url, headers, connections, amount: warmup, request, timeoutSeconds });
  await measured(tally, cpuSeconds, () => fire(tally, { url, headers, connections, duration, amount, request, timeoutSeconds }));
  return summarize(tally);
}

/**
 * One GET on a connection of its own, read to the end: status, bytes and ms to the last byte. It
 * gives up after `timeoutSeconds` without a byte (a file still arriving is waited for, however long).
 */
function wholeFile(url, headers, timeoutSeconds) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = get(url, { headers: { ...headers, Connection: "close" }, agent: false }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ status: response.statusCode, bytes, ms: performance.now() - started }));
      response.on("error", () => resolve({ error: true }));
    });
    request.setTimeout(timeoutSeconds * 1000, () => {
      request.destroy();
      resolve({ timeout: true });
    });
    request.on("error", () => resolve({ error: true }));
  });
}

/**
 * Whole files (a CSV export), `amount` in all, `connections` at a time, each awaited to its last
 * byte on a connection of its own (decision 092): under wrangler dev the next request on a kept-alive
 * connection after a long streamed response did not reach the Worker until the client gave up on it
 * (ten of thirty 100,000-row exports timed out at 300 s). Same result shape as loadRoute.
 */
export async function loadWholeFiles({
  url,
  headers = {},
  connections,
  amount,
  warmup = 0,
  cpuSeconds = () => null,
  timeoutSeconds = 300,
}) {
  const run = async (tally, total) => {
    let claimed = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(connections, total) }, async () => {
        while (claimed < total) {
          claimed += 1;
          const answer = await wholeFile(url, headers, timeoutSeconds);
          if (answer.error) tally.errors += 1;
          else if (answer.timeout) tally.timeouts += 1;
          else {
            tally.times.push(answer.ms);
            tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
            tally.bytes += answer.bytes;
          }
        }
      }),
    );
    tally.seconds += (performance.now() - started) / 1000;
  };
  if (warmup > 0) await run(newTally(), warmup);
  const tally = newTally();
  await measured(tally, cpuSeconds, () => run(tally, amount));
  return summarize(tally);
}
