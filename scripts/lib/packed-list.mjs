// What the scripts that build a server-only word list share (build-common-passwords.mjs,
// build-disposable-domains.mjs): the list comes from an npm package fetched with `npm pack` into a
// temporary folder, read there and never installed, so it is no dependency of the app; it is written
// as a generated module holding one entry a line.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One JSON file of `pkg@version` (`path` inside the package), the fetched package removed afterwards. */
export function readPackedJson(pkg, version, path) {
  const dir = mkdtempSync(join(tmpdir(), "packed-list-"));
  try {
    const tarball = execFileSync("npm", ["pack", `${pkg}@${version}`, "--silent"], { cwd: dir, encoding: "utf8" }).trim();
    execFileSync("tar", ["xzf", tarball], { cwd: dir });
    return JSON.parse(readFileSync(join(dir, "package", path), "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Writes `entries` to `outFile` as `export const <name>`, one entry a line, after the `header`
 * comment lines and `<name>_SOURCE` (which package and version they came from).
 */
export function writeListModule(outFile, { header, name, source, doc, entries }) {
  const body = [
    ...header,
    `export const ${name}_SOURCE = ${JSON.stringify(source)};`,
    "",
    `/** ${doc} */`,
    `export const ${name} =`,
    `  ${JSON.stringify(entries.join("\n"))};`,
    "",
  ].join("\n");
  writeFileSync(outFile, body);
}
