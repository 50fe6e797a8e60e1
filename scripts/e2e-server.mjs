// The one app the end-to-end tests share: the built worker on a fresh, seeded local D1 of its own,
// its own mail catcher, and the clock's work run every second (mail and webhooks go out only then).
import { rmSync } from "node:fs";
import { ensureDevVars } from "./lib/dev-vars.mjs";
import { startMailCatcher } from "./lib/mail-catcher.mjs";
import { assertSupportedNode } from "./lib/node-runtime.mjs";
import { bin, devArgs, localMailVars, run, startClock } from "./lib/run.mjs";

assertSupportedNode("test:e2e");

const port = process.env.E2E_PORT ?? "8799";
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 1125);
const webPort = Number(process.env.E2E_MAIL_WEB_PORT ?? 1180);
// One database per port, so two end-to-end runs on different ports never share or delete each other's data.
const persistTo = `.wrangler/e2e-${port}`;
rmSync(persistTo, { recursive: true, force: true });
rmSync(`${persistTo}-logs`, { recursive: true, force: true });
ensureDevVars();
// Wrangler logs every D1 call in debug files; keep them with the run rather than in ~/.config.
const env = { PERSIST_TO: persistTo, LIBSQL_URL: "", WRANGLER_LOG_PATH: `${persistTo}-logs` };
await run("node", ["scripts/migrate.mjs"], { env });
await run(bin("tsx"), ["scripts/seed.ts"], { env });
const catcher = await startMailCatcher({ smtpPort, webPort });
const stopClock = startClock(`http://127.0.0.1:${port}`, 1000);
let server;
const stop = () => {
  stopClock();
  // Signals reach this process only: a server left running would keep the port on a database the
  // next start deletes (its D1 then fails every query).
  server?.kill("SIGTERM");
  return catcher.stop();
};
process.on("SIGTERM", () => stop().then(() => process.exit(143)));
process.on("SIGINT", () => stop().then(() => process.exit(130)));
try {
  await run(
    bin("wrangler"),
    [
      ...devArgs(
        port,
        {
          ...localMailVars({ port, smtpPort }),
          // Retries come due within seconds, so a test can watch one happen.
          WEBHOOK_RETRY_BASE_MS: "1000",
          MAIL_RETRY_BASE_MS: "1000",
        },
        { entry: "tests/e2e/support/e2e-worker.ts" },
      ),
      "--persist-to",
      persistTo,
      "--log-level",
      "warn",
    ],
    { env, onSpawn: (child) => (server = child) },
  );
} finally {
  await stop();
}
