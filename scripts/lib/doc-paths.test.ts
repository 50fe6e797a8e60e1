import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Issue 35: ARCHITECTURE is the one hop to the module that decides; a path it names that moved is a
 * dead end. Every repository path the README and ARCHITECTURE name in backticks exists (generated
 * files aside).
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
/** Written by the build (a folder: anything in it). */
const GENERATED = ["public/api-types/", "worker-configuration.d.ts"];
const generated = (p: string) => GENERATED.some((g) => p === g || (g.endsWith("/") && p.startsWith(g)));
const TOP = /^(app|tests|db|scripts|functions|docs|migrations|patches|bench|public)\//;

describe.each(["README.md", "docs/ARCHITECTURE.md"])("the paths %s names", (doc) => {
  it("exist", () => {
    const text = readFileSync(join(root, doc), "utf8");
    const missing = [...text.matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1] ?? "")
      .filter((p) => TOP.test(p) && !generated(p) && !p.includes("*") && !p.includes("{"))
      .filter((p) => !existsSync(join(root, p)));
    expect([...new Set(missing)]).toEqual([]);
  });
});
