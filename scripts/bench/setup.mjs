// The bench's own copy of the build and each size's database: the commands it runs, with their logs.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { devVar } from "../lib/dev-vars.mjs";
import { APP_DIR, fmt, LOGS, log, options, ROOT, WORK } from "./options.mjs";
import { results } from "./results.mjs";

/** Runs a command with its output in a log file (shown on failure). */
export function runLogged(command, args, { env = {}, name }) {
  const file = join(LOGS, `${name}.log`);
  return new Promise((resolvePromise, reject) => {
    const out = createWriteStream(file);
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", NO_COLOR: "1", WRANGLER_LOG_PATH: LOGS, ...env },
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on("error", reject);
    child.on("exit", (code) => {
      out.end(() => {
        if (code === 0) return resolvePromise();
        process.stderr.write(readFileSync(file, "utf8").slice(-4000));
        reject(new Error(`${command} ${args.join(" ")} exited with ${code} (log: ${file})`));
      });
    });
  });
}

export const bin = (name) => join(ROOT, "node_modules/.bin", name);

/**
 * Copies the current build into APP_DIR: static files, the built worker (build/worker/worker.js),
 * and a wrangler.toml that serves that file with the app's own settings, plus a throwaway session
 * secret. Refuses a copy whose worker and client manifest come from different builds (someone
 * rebuilt meanwhile).
 */
export function snapshotBuild() {
  rmSync(APP_DIR, { recursive: true, force: true });
  mkdirSync(APP_DIR, { recursive: true });
  cpSync("public", join(APP_DIR, "public"), { recursive: true });
  cpSync("build/worker/worker.js", join(APP_DIR, "worker/worker.js"));
  writeFileSync(
    join(APP_DIR, "wrangler.toml"),
    readFileSync("wrangler.toml", "utf8")
      .replace(/^main = .*$/m, 'main = "worker/worker.js"')
      // The cron stays off: the benchmark measures requests, and `wrangler dev` runs no crons anyway.
      .replace(/^\[triggers\][\s\S]*?(?=^\[)/m, ""),
  );
  // The pepper is the clone's own (.dev.vars), which the seed scripts hashed the demo passwords with.
  writeFileSync(
    join(APP_DIR, ".dev.vars"),
    `SESSION_SECRET=${randomBytes(32).toString("hex")}\nPASSWORD_PEPPER=${devVar("PASSWORD_PEPPER")}\n`,
  );
  const worker = readFileSync(join(APP_DIR, "worker/worker.js"), "utf8");
  const manifestFile = worker.match(/manifest-[A-Z0-9]+\.js/)?.[0];
  const buildDir = join(APP_DIR, "public/build");
  if (!manifestFile || !existsSync(join(buildDir, manifestFile))) return false;
  const manifest = readFileSync(join(buildDir, manifestFile), "utf8");
  return [...manifest.matchAll(/"\/build\/([^"]+\.js)"/g)].every(([, path]) => existsSync(join(buildDir, path)));
}

/**
 * The seed's shape per size (decision 075): up to 100,000 referrals, 1,000 businesses and 1,000
 * connectors; at 1,000,000 (and above), 100,000 businesses and 100,000 connectors (200,000 users).
 * At every size the first 10,000 referrals go from bench_connector_1 to bench_owner_1's business,
 * so the measured user carries the same load and the p50s compare.
 */
export function seedShape(size) {
  const spread = size >= 1_000_000 ? 100_000 : 1_000;
  return ["--referrals", String(size), "--businesses", String(spread), "--connectors", String(spread), "--hot", "10000"];
}

/** The size of a local D1 directory in MB (its SQLite files). */
export function dirSize(dir) {
  let bytes = 0;
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else bytes += statSync(full).size;
    }
  };
  if (existsSync(dir)) walk(dir);
  return { databaseMB: bytes / 1e6 };
}

/** The SQLite file of a migrated local D1 (wrangler keeps one per database beside its metadata). */
function localD1File(persistTo) {
  const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return join(dir, file);
}

/**
 * A size's local D1, migrated, with the demo accounts and the large synthetic data set (reused with
 * --reuse-data when it was seeded whole under this shape and pepper). Returns its folder.
 */
export async function prepareSize(size) {
  const persistTo = join(WORK, `db-${size}`);
  const seededMark = join(persistTo, "bench-seeded.json");
  // The seeded passwords are keyed by this checkout's PASSWORD_PEPPER: data seeded under another
  // pepper (another checkout's .dev.vars) could not log in, so it is seeded again.
  const mark = JSON.stringify({
    shape: seedShape(size),
    pepper: createHash("sha256")
      .update(devVar("PASSWORD_PEPPER") ?? "")
      .digest("hex")
      .slice(0, 16),
  });
  const reuse = options.reuseData && existsSync(seededMark) && readFileSync(seededMark, "utf8") === mark;
  if (!reuse) rmSync(persistTo, { recursive: true, force: true });
  const env = { PERSIST_TO: persistTo, LIBSQL_URL: "" };
  log(`${size} referrals: migrating${reuse ? " (reusing the seeded data)" : " and seeding"} ${persistTo}`);
  await runLogged("node", ["scripts/migrate.mjs"], { env, name: `migrate-${size}` });
  if (!reuse) {
    // The seeds write the migrated D1's SQLite file through libSQL, not through wrangler's local D1:
    // under wrangler 4.164 a statement over a million rows outlasted what local D1 lets a query run.
    const seedEnv = { LIBSQL_URL: `file:${localD1File(persistTo)}`, PASSWORD_PEPPER: devVar("PASSWORD_PEPPER") ?? "" };
    await runLogged(bin("tsx"), ["scripts/seed.ts"], { env: seedEnv, name: `seed-${size}` });
    const seedStarted = Date.now();
    await runLogged(bin("tsx"), ["scripts/seed-large.ts", ...seedShape(size)], { env: seedEnv, name: `seed-large-${size}` });
    results.seeds.push({ size, args: seedShape(size), seconds: (Date.now() - seedStarted) / 1000, ...dirSize(persistTo) });
    writeFileSync(seededMark, mark);
    log(`  seeded in ${fmt((Date.now() - seedStarted) / 1000, 0)} s, database ${fmt(dirSize(persistTo).databaseMB, 0)} MB`);
  }
  return persistTo;
}
