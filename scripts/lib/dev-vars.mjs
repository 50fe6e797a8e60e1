import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/**
 * `wrangler pages dev` reads secrets from .dev.vars. A fresh clone has none, so the first start
 * writes one with a random SESSION_SECRET (never committed; production uses `wrangler secret`).
 */
export function ensureDevVars(path = ".dev.vars") {
  const current = existsSync(path) ? readFileSync(path, "utf8") : "";
  if (/^SESSION_SECRET=.{32,}$/m.test(current)) return false;
  const line = `SESSION_SECRET=${randomBytes(32).toString("hex")}\n`;
  writeFileSync(path, current && !current.endsWith("\n") ? `${current}\n${line}` : current + line);
  return true;
}
