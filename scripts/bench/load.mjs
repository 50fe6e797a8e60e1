// Drives one route with autocannon and reports its latency from every response's own timing.
import autocannon from "autocannon";

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function fire({ url, headers, connections, duration, amount, request = {}, timeoutSeconds = 30 }) {
  const times = [];
  const statuses = {};
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
    times.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  return Promise.resolve(instance).then((result) => ({ result, times, statuses }));
}

/**
 * Warms the route with `warmup` requests, then loads it for `duration` seconds (or `amount`
 * requests) over `connections` connections. Latencies in ms; any non-2xx response or socket error marks the run as failed.
 * `request`: more autocannon options, e.g. `requests` whose setupRequest varies each write's body.
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
}) {
  if (warmup > 0) await fire({ url, headers, connections, amount: warmup, request, timeoutSeconds });
  const cpuBefore = cpuSeconds();
  // `amount`: a fixed number of requests instead of a duration, every one of them awaited and counted
  // (a long export would otherwise be cut off at the end of the duration and never measured).
  const { result, times, statuses } = await fire({ url, headers, connections, duration, amount, request, timeoutSeconds });
  const cpuAfter = cpuSeconds();
  times.sort((a, b) => a - b);
  const non2xx = Object.entries(statuses)
    .filter(([code]) => !code.startsWith("2"))
    .reduce((n, [, count]) => n + count, 0);
  return {
    requests: times.length,
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
    mean: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length),
    rps: result.requests.average,
    statuses,
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, times.length)),
    // Server CPU (wrangler + workerd + D1) per response: steadier than latency when the machine is shared.
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / Math.max(1, times.length),
  };
}
