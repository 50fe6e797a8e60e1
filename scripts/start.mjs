// `npm start`: build, migrate and seed the local D1, then serve on http://127.0.0.1:8788 (PORT overrides).
import { ensureDevVars } from "./lib/dev-vars.mjs";
import { bin, pagesDevArgs, run } from "./lib/run.mjs";

const port = process.env.PORT ?? "8788";
const started = Date.now();
if (ensureDevVars()) console.log("Created .dev.vars with a random SESSION_SECRET");
await run("npm", ["run", "-s", "build"]);
await run("node", ["scripts/migrate.mjs"]);
await run(bin("tsx"), ["db/seed.ts"]);
console.log(`Ready to serve after ${((Date.now() - started) / 1000).toFixed(1)} s; starting http://127.0.0.1:${port}`);
const persist = process.env.PERSIST_TO ? ["--persist-to", process.env.PERSIST_TO] : [];
await run(bin("wrangler"), [
  ...pagesDevArgs(port),
  // Local development may send webhooks to a receiver on localhost.
  "--binding",
  "ENVIRONMENT=development",
  ...persist,
]);
