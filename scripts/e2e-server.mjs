// The one app the end-to-end tests share: the built worker on a fresh, seeded local D1 of its own.
import { rmSync } from "node:fs";
import { ensureDevVars } from "./lib/dev-vars.mjs";
import { bin, pagesDevArgs, run } from "./lib/run.mjs";

const port = process.env.E2E_PORT ?? "8799";
// One database per port, so two end-to-end runs on different ports never share or delete each other's data.
const persistTo = `.wrangler/e2e-${port}`;
rmSync(persistTo, { recursive: true, force: true });
rmSync(`${persistTo}-logs`, { recursive: true, force: true });
ensureDevVars();
// Wrangler logs every D1 call in debug files; keep them with the run rather than in ~/.config.
const env = { PERSIST_TO: persistTo, LIBSQL_URL: "", WRANGLER_LOG_PATH: `${persistTo}-logs` };
await run("node", ["scripts/migrate.mjs"], { env });
await run(bin("tsx"), ["db/seed.ts"], { env });
await run(
  bin("wrangler"),
  [
    ...pagesDevArgs(port),
    "--persist-to",
    persistTo,
    "--log-level",
    "warn",
    // Webhooks may go to a receiver on localhost; retries come due within seconds.
    "--binding",
    "ENVIRONMENT=development",
    "--binding",
    "WEBHOOK_RETRY_BASE_MS=1000",
    "--binding",
    "WEBHOOK_SWEEP_INTERVAL_MS=500",
  ],
  { env },
);
