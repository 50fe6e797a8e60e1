import { existsSync, statSync } from "node:fs";
import { startMailCatcher } from "../../scripts/lib/mail-catcher.mjs";
import { INTEGRATION_MAIL } from "./helpers/mail";

/** Integration tests run the real worker bundle (`npm test` builds it first) and mail a real catcher. */
export default async function setup() {
  const bundle = "build/worker/worker.js";
  if (!existsSync(bundle) || statSync(bundle).size === 0) {
    throw new Error(`${bundle} is missing: run \`npm run build\` (npm test does this for you)`);
  }
  const catcher = await startMailCatcher(INTEGRATION_MAIL);
  return () => catcher.stop();
}
