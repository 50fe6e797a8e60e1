// `npm test`: build once, then unit + integration (vitest, workerd) and end-to-end (Playwright, Chromium).
import { assertSupportedNode } from "./lib/node-runtime.mjs";
import { bin, run } from "./lib/run.mjs";

assertSupportedNode("test");

const started = Date.now();
const step = async (name, command, args) => {
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  await run(command, args);
  console.log(`=== ${name}: ok in ${((Date.now() - t) / 1000).toFixed(1)} s ===`);
};
try {
  await step("build", "npm", ["run", "-s", "build"]);
  await step("unit + integration (vitest)", bin("vitest"), ["run"]);
  await step("end-to-end (Playwright, Chromium)", bin("playwright"), ["test"]);
  console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(`\n${error.message}`);
  process.exit(1);
}
