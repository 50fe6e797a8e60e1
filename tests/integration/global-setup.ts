import { existsSync, statSync } from "node:fs";

/** Integration tests run the real Pages worker bundle; `npm test` builds it first. */
export default function setup() {
  const bundle = "build/worker/index.js";
  if (!existsSync(bundle) || statSync(bundle).size === 0) {
    throw new Error(`${bundle} is missing: run \`npm run build\` (npm test does this for you)`);
  }
}
