import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { bundledNodeVersion, meetsEngines, requiredNode } from "./node-runtime.mjs";

/** Every installed package (nested node_modules and scopes included) with its `engines.node`. */
function installedEngines(dir = "node_modules", found: { name: string; range: string }[] = []) {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith("@")) {
      installedEngines(path, found);
      continue;
    }
    const manifest = join(path, "package.json");
    if (existsSync(manifest)) {
      const { name, engines } = JSON.parse(readFileSync(manifest, "utf8"));
      if (typeof engines?.node === "string") found.push({ name: `${path} (${name})`, range: engines.node });
    }
    installedEngines(join(path, "node_modules"), found);
  }
  return found;
}

// The issue that brought Node 26 in: three installed packages declared a Node newer than the one the
// scripts ran on, and npm installs such packages with a warning only.
describe("the Node the project runs on", () => {
  const packages = installedEngines();
  // The lowest version of each line package.json allows (e.g. 22.20.0, 24.12.0 and 26.0.0).
  const lowest = new semver.Range(requiredNode).set.map(
    (comparators) => semver.minVersion(comparators.map(String).join(" "))?.version,
  );

  it("finds the installed packages", () => {
    expect(packages.length).toBeGreaterThan(100);
  });

  it("is accepted by every installed package's engines, from the lowest of each Node line package.json allows", () => {
    expect(lowest.length).toBeGreaterThan(0);
    const offenders = lowest.flatMap((version = "0.0.0") =>
      packages
        .filter(({ range }) => !semver.satisfies(version, range))
        .map(({ name, range }) => `Node ${version}: ${name} wants node ${range}`),
    );
    expect(offenders).toEqual([]);
  });

  it("is accepted by every installed package's engines on the Node running the tests", () => {
    const offenders = packages.filter(({ range }) => !semver.satisfies(process.version, range));
    expect(offenders.map(({ name, range }) => `${name}: node ${range}`)).toEqual([]);
  });

  it("meets package.json's engines, here and in the `node` a script spawns", () => {
    expect(meetsEngines(process.version)).toBe(true);
    const spawned = execFileSync("node", ["--version"], { encoding: "utf8" }).trim();
    expect(meetsEngines(spawned)).toBe(true);
    expect(spawned).toBe(process.version);
  });

  it.runIf(process.platform === "linux" && process.arch === "x64")(
    "is the Node installed with the project on Linux x64 (under npm scripts and npx)",
    () => {
      const bundled = bundledNodeVersion();
      expect(bundled).toBeDefined();
      expect(meetsEngines(`v${bundled}`)).toBe(true);
      expect(process.version).toBe(`v${bundled}`);
    },
  );
});
