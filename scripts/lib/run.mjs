import { spawn } from "node:child_process";

/**
 * Runs a command with inherited output; rejects on a non-zero exit. `onSpawn` receives the child, for
 * a caller that must stop it when it is itself stopped.
 */
export function run(command, args, { onSpawn, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: "inherit",
      ...options,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", ...options.env },
    });
    onSpawn?.(child);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

export const bin = (name) => `node_modules/.bin/${name}`;

/**
 * `wrangler dev` arguments: the Worker (functions/worker.ts, with ./public as its static assets) on
 * 127.0.0.1:`port`, without the interactive key bindings, and `vars` overriding wrangler.toml's
 * [vars]. The clock's route (SCHEDULED_PATH) needs no flag: `--test-scheduled` would only add
 * wrangler's older `/__scheduled` middleware around every request.
 */
export const devArgs = (port, vars = {}, { entry } = {}) => [
  "dev",
  // Another entry than wrangler.toml's `main` (the end-to-end server's, tests/e2e/support).
  ...(entry ? [entry] : []),
  "--ip",
  "127.0.0.1",
  "--port",
  String(port),
  "--show-interactive-dev-session=false",
  ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
];

/** The settings that point a local app at the local mail catcher (maildev, no TLS, no login). */
export const localMailVars = ({ port, smtpPort }) => ({
  APP_URL: `http://127.0.0.1:${port}`,
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(smtpPort),
  SMTP_SECURITY: "none",
  MAIL_FROM: "Warm Intros <hello@warm-intros.test>",
  MAIL_REPLY_TO: "Warm Intros support <support@warm-intros.test>",
  // Local development may send webhooks to a receiver on localhost.
  ENVIRONMENT: "development",
});

/**
 * The route of `wrangler dev` (Miniflare's trigger handlers, always on under wrangler dev) that runs
 * the Worker's `scheduled` handler. Wrangler 4.164 still rewrites its older names to it
 * (`/cdn-cgi/handler/scheduled`, `/cdn-cgi/mf/scheduled`); this is the one it defines
 * (decision 134; scripts/lib/run.test.ts checks it against the installed wrangler).
 */
export const SCHEDULED_PATH = "/cdn-cgi/local/scheduled";

/**
 * Runs the Cron Trigger's work every `intervalMs`, as Cloudflare does every minute in production:
 * `wrangler dev` runs no crons by itself, but answers SCHEDULED_PATH.
 */
export function startClock(baseUrl, intervalMs) {
  let busy = false;
  let ranOnce = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      ranOnce = (await fetch(`${baseUrl}${SCHEDULED_PATH}?cron=*+*+*+*+*`)).ok || ranOnce;
    } catch {
      // The server is not up yet (or is restarting): the next tick tries again.
    } finally {
      busy = false;
    }
  };
  // Until the first run succeeds, try every second, so mail waiting from the seed (or from before)
  // goes out as soon as the server is up; then keep the interval.
  const early = setInterval(() => (ranOnce ? clearInterval(early) : tick()), Math.min(intervalMs, 1000));
  const timer = setInterval(tick, intervalMs);
  return () => {
    clearInterval(early);
    clearInterval(timer);
  };
}
