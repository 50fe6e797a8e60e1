// Latency of one page or endpoint, one request at a time, as a logged-in user:
//   node scripts/measure-latency.mjs --base http://127.0.0.1:8788 --login jane:Connector1234 --path / [--n 200] [--warmup 20]
// Prints p50/p95/p99/mean in ms and the Server-Timing database figures of the last response.
// (`npm run bench` is the load benchmark; this is the quick single-route probe used in issue notes.)
function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
}

const base = option("base", "http://127.0.0.1:8788");
const paths = option("path", "/").split(",");
const n = Number(option("n", "200"));
const warmup = Number(option("warmup", "20"));
const login = option("login", "");

let cookie = "";
if (login) {
  const [username, password] = login.split(":");
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
for (const path of paths) {
  const times = [];
  let last;
  for (let i = 0; i < warmup + n; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (i >= warmup) times.push(elapsed);
    last = response;
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `${path}  status ${last.status}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  mean ${mean.toFixed(1)} ms  (${n} requests)  ${last.headers.get("server-timing") ?? ""}`,
  );
}
