// What the Worker runs with, read from wrangler.toml, so the tests and the bench that start workerd
// through Miniflare run the same runtime as `wrangler dev` and production (decision 134).
import { readFileSync } from "node:fs";

const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
const date = toml.match(/^compatibility_date\s*=\s*"([0-9-]+)"/m)?.[1];
if (!date) throw new Error("wrangler.toml names no compatibility_date");
const flags = toml.match(/^compatibility_flags\s*=\s*\[([^\]]*)\]/m)?.[1] ?? "";

/** wrangler.toml's `compatibility_date`. */
export const compatibilityDate = date;
/** wrangler.toml's `compatibility_flags`. */
export const compatibilityFlags = [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? "");
