// What the last size measures besides its routes: cold starts and the client JavaScript per screen.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { measureColdStarts } from "./cold-start.mjs";
import { APP_DIR, fmt, log } from "./options.mjs";
import { manifestRoutes, pageScripts, weighScripts } from "./weight.mjs";

/** Fresh isolates of the served worker: its first response to the login page and to a data screen. */
export async function coldStarts(persistTo, cookies) {
  log("cold starts (5 fresh isolates per screen, and of the floor)");
  const vars = Object.fromEntries(
    readFileSync(join(APP_DIR, ".dev.vars"), "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  const result = await measureColdStarts({
    workerPath: join(APP_DIR, "worker/worker.js"),
    persistTo,
    bindings: { ...vars, ENVIRONMENT: "development" },
    targets: [
      { name: "login page", path: "/login" },
      { name: "connector dashboard", path: "/", headers: { Cookie: cookies.connector } },
    ],
  });
  for (const a of result.app) {
    log(
      `  ${a.name}: first response ${fmt(a.firstResponseMs, 0)} ms (startup ${fmt(a.startupMs, 0)} ms, ${fmt(a.startupCpuMs, 0)} CPU ms; ` +
        `floor ${fmt(result.floor.startupMs, 0)} ms, ${fmt(result.floor.startupCpuMs, 0)} CPU ms), warm ${fmt(a.warmMs, 1)} ms`,
    );
  }
  return result;
}

/** The benched screens as served (their HTML), then every screen in the client manifest. */
export async function measureClientJs(app, routes, cookies) {
  const cache = new Map();
  const pages = [];
  for (const route of routes.filter((r) => r.kind === "page" && !r.skipped)) {
    const headers = cookies[route.as] ? { Cookie: cookies[route.as] } : {};
    const scripts = await pageScripts(`${app.base}${route.path}`, headers);
    const weight = await weighScripts(app.base, scripts.paths, cache);
    pages.push({
      name: route.name,
      path: route.path,
      files: weight.files.length,
      bytes: weight.bytes,
      gzip: weight.gzip,
      htmlGzip: scripts.htmlGzip,
      inlineScriptGzip: scripts.inlineScriptGzip,
      chunks: weight.files,
    });
  }
  const everyScreen = [];
  for (const route of manifestRoutes(join(APP_DIR, "public"))) {
    const weight = await weighScripts(app.base, route.paths, cache);
    everyScreen.push({ id: route.id, files: weight.files.length, bytes: weight.bytes, gzip: weight.gzip });
  }
  everyScreen.sort((a, b) => b.gzip - a.gzip);
  return { pages, everyScreen };
}
