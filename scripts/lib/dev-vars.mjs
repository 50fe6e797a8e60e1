import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** The secrets a local Worker needs (never committed; production uses `wrangler secret put`). */
const SECRETS = ["SESSION_SECRET", "PASSWORD_PEPPER"];

/**
 * `wrangler dev` reads secrets from .dev.vars. A fresh clone has none, so the first start writes
 * one with a random value of each secret; an older .dev.vars gets the ones it lacks added (its
 * existing values stay). Returns the names it added.
 */
export function ensureDevVars(path = ".dev.vars") {
  let current = existsSync(path) ? readFileSync(path, "utf8") : "";
  const added = [];
  for (const name of SECRETS) {
    if (new RegExp(`^${name}=.{32,}$`, "m").test(current)) continue;
    const line = `${name}=${randomBytes(32).toString("hex")}\n`;
    current = current && !current.endsWith("\n") ? `${current}\n${line}` : current + line;
    added.push(name);
  }
  if (added.length) writeFileSync(path, current);
  return added.length ? added : false;
}

/** One variable of .dev.vars, e.g. to give a copy of the app the same pepper as the seeded data. */
export function devVar(name, path = ".dev.vars") {
  const current = existsSync(path) ? readFileSync(path, "utf8") : "";
  return current.match(new RegExp(`^${name}=(.*)$`, "m"))?.[1];
}
