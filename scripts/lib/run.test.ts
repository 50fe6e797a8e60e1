import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { devArgs, startClock } from "./run.mjs";
import { compatibilityDate } from "./worker-config.mjs";

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

// `npm start` and the end-to-end server run the Cron Trigger's work through a route of `wrangler dev`
// that has moved more than once (/__scheduled, /cdn-cgi/mf/scheduled, /cdn-cgi/handler/scheduled,
// /cdn-cgi/local/scheduled), so the clock is checked against the wrangler installed here.
describe("the local clock (startClock) against wrangler dev", () => {
  const dir = mkdtempSync(join(tmpdir(), "clock-"));
  let server: ChildProcess | undefined;
  let stopClock = () => {};
  afterAll(() => {
    stopClock();
    server?.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs the Worker's scheduled handler", { timeout: 60_000 }, async () => {
    writeFileSync(
      join(dir, "worker.mjs"),
      "let ticks = 0; export default { fetch: () => new Response(String(ticks)), scheduled() { ticks++; } };",
    );
    const port = await freePort();
    server = spawn(
      resolve("node_modules/.bin/wrangler"),
      [...devArgs(port, {}, { entry: "worker.mjs" }), "--compatibility-date", compatibilityDate, "--log-level", "error"],
      { cwd: dir, stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", WRANGLER_LOG_PATH: dir } },
    );
    const base = `http://127.0.0.1:${port}`;
    stopClock = startClock(base, 250);
    let ticks = 0;
    for (const started = Date.now(); ticks < 2 && Date.now() - started < 50_000; ) {
      await new Promise((r) => setTimeout(r, 250));
      ticks = Number(
        await fetch(base).then(
          (r) => r.text(),
          () => "0",
        ),
      );
    }
    expect(ticks).toBeGreaterThanOrEqual(2);
  });
});
