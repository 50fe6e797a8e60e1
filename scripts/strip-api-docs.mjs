// Part of `npm run build`, between `remix build` and the Worker's bundling (decision 172): the /api route
// modules' `docs: () => ({ … })` (the document's texts, examples and response schemas, decision 160) are
// never called by a request, so the Worker need not carry them. Each becomes
// `docs: () => (true ? void 0 : { … })`, which the Worker's minifier folds to `void 0`, dropping the
// texts and whatever only they referenced. The generator and the tests import the route modules from
// source, where `docs()` is whole. tests/integration/worker-bundle.test.ts holds it on the real build.
import { readFileSync, writeFileSync } from "node:fs";

const SERVER_BUILD = "build/server/index.js";
const DOCS = "docs: () => ({";

const source = readFileSync(SERVER_BUILD, "utf8");
const count = source.split(DOCS).length - 1;
// No docs at all means the bundler printed them differently: refuse rather than ship them unnoticed.
if (count === 0) throw new Error(`${SERVER_BUILD} has no "${DOCS}": the route contracts' docs() are printed differently`);
writeFileSync(SERVER_BUILD, source.replaceAll(DOCS, "docs: () => (true ? void 0 : {"));
console.log(`strip-api-docs: ${count} operations' docs() left out of the Worker`);
