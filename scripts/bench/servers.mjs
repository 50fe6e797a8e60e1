// Starting and stopping the `wrangler dev` servers the benchmark drives.
import { execFileSync, spawn } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";

const running = new Set();

/** The first port from `start` that nothing listens on (other helpers' servers keep theirs). */
export async function freePort(start, avoid = []) {
  for (let port = start; port < start + 100; port++) {
    if (avoid.includes(port)) continue;
    const free = await new Promise((done) => {
      const probe = createServer()
        .once("error", () => done(false))
        .once("listening", () => probe.close(() => done(true)));
      probe.listen(port, "127.0.0.1");
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${start}`);
}

/**
 * `wrangler dev` (the Worker and static assets of `cwd`'s wrangler.toml), in a process group of its
 * own so stopping it also stops workerd. Output goes to `log`; resolves once `readyPath` answers.
 */
export async function startWorker({
  name,
  cwd,
  port,
  persistTo,
  bindings = {},
  log,
  debugLog,
  readyPath = "/",
  inspector = false,
}) {
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port)];
  args.push("--show-interactive-dev-session=false", "--log-level", "warn");
  if (persistTo) args.push("--persist-to", persistTo);
  for (const [key, value] of Object.entries(bindings)) args.push("--var", `${key}:${value}`);
  const out = createWriteStream(log);
  const child = spawn(resolve("node_modules/.bin/wrangler"), args, {
    cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    // wrangler writes every debug message to a log file, including each DevTools Network event its
    // inspector proxy sees (a D1 call's whole response, base64): hundreds of MB per run. Keep it here.
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: "false",
      CI: "1",
      NO_COLOR: "1",
      ...(debugLog ? { WRANGLER_LOG_PATH: debugLog } : {}),
      // Without a DevTools client wrangler's inspector proxy stays off (it turns itself off in a VS Code
      // debug terminal, which this variable marks). Left on, it copies every D1 response into the node
      // process as Network events, CPU that production never spends, on the same two cores.
      ...(inspector ? {} : { VSCODE_INSPECTOR_OPTIONS: "{}" }),
    },
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const server = { name, port, base: `http://127.0.0.1:${port}`, child, exited: false };
  child.on("exit", () => {
    server.exited = true;
  });
  running.add(server);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exited) throw new Error(`${name} exited during start; see ${log}`);
    try {
      const response = await fetch(`${server.base}${readyPath}`, { redirect: "manual" });
      await response.arrayBuffer();
      // Another run on this machine may have taken the port between freePort and wrangler's bind
      // (wrangler then exits with "Address already in use"): measure only a server of our own.
      if (listensInGroup(port, child.pid)) return server;
      await new Promise((r) => setTimeout(r, 250));
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${name} did not answer within 90 s; see ${log}`);
}

/** Whether a process of process group `pgid` holds the listening TCP socket on 127.0.0.1:`port` (Linux; elsewhere true). */
function listensInGroup(port, pgid) {
  if (process.platform !== "linux") return true;
  const inodes = new Set();
  try {
    for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN; the inode is the 10th column.
      if (cols.length > 9 && cols[3] === "0A" && Number.parseInt(cols[1].split(":")[1], 16) === port) inodes.add(cols[9]);
    }
  } catch {
    return true;
  }
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        if (target.startsWith("socket:[") && inodes.has(target.slice(8, -1))) return true;
      }
    } catch {}
  }
  return false;
}

export async function stopWorker(server) {
  if (!running.delete(server) || server.exited) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  try {
    process.kill(-server.child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-server.child.pid, "SIGKILL");
    } catch {}
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

/** Synchronous last resort for exit paths (Ctrl+C, uncaught errors). */
export function killAll() {
  for (const server of running) {
    try {
      process.kill(-server.child.pid, "SIGKILL");
    } catch {}
  }
  running.clear();
}

/**
 * The /proc stat fields (after the parenthesised command) of every process in the server's group
 * (wrangler, workerd with its D1): state(0) ppid(1) pgrp(2) ... utime(11) stime(12) ... rss(21).
 * Null off Linux.
 */
function groupStats(server) {
  if (process.platform !== "linux") return null;
  const stats = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === server.child.pid) stats.push(fields);
  }
  return stats;
}

/** CPU seconds used so far by the server's group: far steadier than latency on a busy machine. */
export function groupCpuSeconds(server) {
  const stats = groupStats(server);
  return stats && stats.reduce((ticks, f) => ticks + Number(f[11]) + Number(f[12]), 0) / CLOCK_TICKS;
}

/** Resident memory (bytes) of the server's group. */
export function groupRssBytes(server) {
  const stats = groupStats(server);
  return stats && stats.reduce((pages, f) => pages + Number(f[21]), 0) * PAGE_BYTES;
}

const PAGE_BYTES = (() => {
  try {
    return Number(execFileSync("getconf", ["PAGESIZE"], { encoding: "utf8" }).trim()) || 4096;
  } catch {
    return 4096;
  }
})();

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();
