// What the browser downloads as JavaScript, and how big the deployed worker is, gzipped.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Level 9, as a CDN compresses static assets; Cloudflare's own figure is within a few per cent. */
export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

/**
 * The JavaScript files a first load of the HTML at `url` fetches: script src, modulepreload links and
 * the static imports of its inline module scripts (Remix imports the matched routes there).
 */
export async function pageScripts(url, headers = {}) {
  const response = await fetch(url, { headers, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const found = new Set();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.add(src);
  for (const [, href] of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) found.add(href);
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, spec] of body.matchAll(/\bimport\b[^"';]*?["']([^"']+\.js)["']/g)) found.add(spec);
  }
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body).join("\n");
  return {
    paths: [...found],
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzipBytes(html),
    inlineScriptGzip: gzipBytes(inline),
  };
}

/** Fetches each asset once (cached by path) and sums raw and gzipped bytes. */
export async function weighScripts(base, paths, cache = new Map()) {
  const files = [];
  for (const path of paths) {
    if (!cache.has(path)) {
      const response = await fetch(new URL(path, base));
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      cache.set(path, { path, bytes: body.length, gzip: gzipBytes(body) });
    }
    files.push(cache.get(path));
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
  };
}

/**
 * Every screen's first-load JavaScript from the client manifest, without visiting it: the entry and
 * its imports plus each route module (and its imports) from root down to the screen.
 */
export function manifestRoutes(publicDir) {
  const buildDir = join(publicDir, "build");
  const file = readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no manifest-*.js in ${buildDir}`);
  const text = readFileSync(join(buildDir, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const routes = [];
  for (const route of Object.values(manifest.routes)) {
    // Resource routes (/api/*, /logout) never load in the browser.
    if (/^routes\/(api\.|logout$)/.test(route.id)) continue;
    const chain = [];
    for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : null) chain.unshift(r);
    const paths = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain) for (const p of [r.module, ...(r.imports ?? [])]) paths.add(p);
    routes.push({ id: route.id, paths: [...paths] });
  }
  return routes;
}

/** The worker as deployed: every file of the built worker (build/worker/worker.js, copied). */
export function workerSize(dir) {
  const files = readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => statSync(f).isFile());
  let bytes = 0;
  let gzip = 0;
  for (const f of files) {
    const body = readFileSync(f);
    bytes += body.length;
    gzip += gzipBytes(body);
  }
  return { files: files.length, bytes, gzip };
}
