// `npm start`: build, migrate and seed the local D1, start the local mail catcher, then serve on
// http://127.0.0.1:8788 (PORT overrides) with the Cron Trigger's work run every minute.
import { ensureDevVars } from "./lib/dev-vars.mjs";
import { startMailCatcher } from "./lib/mail-catcher.mjs";
import { assertSupportedNode } from "./lib/node-runtime.mjs";
import { bin, devArgs, localMailVars, run, startClock } from "./lib/run.mjs";

assertSupportedNode("start");

const port = process.env.PORT ?? "8788";
const smtpPort = Number(process.env.MAIL_SMTP_PORT ?? 1025);
const webPort = Number(process.env.MAIL_WEB_PORT ?? 1080);
const tickMs = Number(process.env.SCHEDULE_INTERVAL_MS ?? 60_000);
const started = Date.now();
const added = ensureDevVars();
if (added) console.log(`Added a random ${added.join(" and ")} to .dev.vars`);
await run("npm", ["run", "-s", "build"]);
await run("node", ["scripts/migrate.mjs"]);
await run(bin("tsx"), ["scripts/seed.ts"]);
const catcher = await startMailCatcher({ smtpPort, webPort });
console.log(`Ready to serve after ${((Date.now() - started) / 1000).toFixed(1)} s; starting http://127.0.0.1:${port}`);
console.log(`Mail inbox (every message the app sends): ${catcher.inboxPage}`);
const stopClock = startClock(`http://127.0.0.1:${port}`, tickMs);
const persist = process.env.PERSIST_TO ? ["--persist-to", process.env.PERSIST_TO] : [];
const stop = async () => {
  stopClock();
  await catcher.stop();
};
process.on("SIGINT", () => stop().then(() => process.exit(130)));
process.on("SIGTERM", () => stop().then(() => process.exit(143)));
try {
  await run(bin("wrangler"), [...devArgs(port, localMailVars({ port, smtpPort })), ...persist]);
} finally {
  await stop();
}
