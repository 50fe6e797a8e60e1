import { spawn } from "node:child_process";
import { resolve } from "node:path";

/** How long maildev may take to answer before starting it counts as failed. */
const STARTUP_MS = 60_000;

/**
 * The local mail catcher (the npm package maildev): SMTP on `smtpPort`, its inbox page and JSON API
 * (`GET /api/email`) on `webPort`, both on 127.0.0.1. Resolves once the API answers; `stop()` ends it.
 */
export async function startMailCatcher({ smtpPort = 1025, webPort = 1080, quiet = true } = {}) {
  const child = spawn(
    resolve("node_modules/.bin/maildev"),
    [
      "--smtp",
      String(smtpPort),
      "--web",
      String(webPort),
      "--ip",
      "127.0.0.1",
      "--web-ip",
      "127.0.0.1",
      ...(quiet ? ["--silent"] : []),
    ],
    // Not detached, and holding no pipe of ours: whoever stops our process group (Ctrl+C on npm
    // start, Playwright ending its web server) stops the catcher too, and nobody waits on its output.
    { stdio: ["ignore", quiet ? "ignore" : "inherit", "ignore"] },
  );
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const inbox = `http://127.0.0.1:${webPort}`;
  // Node takes seconds to start maildev on a loaded machine (four test suites on two cores took over
  // ten): wait for it by the clock, and never hand back a catcher that is not listening yet.
  const deadline = Date.now() + STARTUP_MS;
  let ready = false;
  while (!ready && !exited && Date.now() < deadline) {
    try {
      ready = (await fetch(`${inbox}/api/healthz`)).ok;
    } catch {
      // not listening yet
    }
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  if (exited) throw new Error(`maildev did not start (ports ${smtpPort}/${webPort} in use?)`);
  if (!ready) {
    child.kill("SIGTERM");
    throw new Error(`maildev did not answer on port ${webPort} within ${STARTUP_MS / 1000} s`);
  }
  return {
    inbox,
    inboxPage: `${inbox}/index.html`,
    stop: () =>
      new Promise((done) => {
        if (exited) return done();
        child.once("exit", () => done());
        if (!child.kill("SIGTERM")) done();
      }),
  };
}
