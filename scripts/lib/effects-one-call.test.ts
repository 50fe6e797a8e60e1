import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const DOMAIN = fileURLToPath(new URL("../../app/domain", import.meta.url));

/** The effects kernel's single writers: outside app/domain/effects only effectStatements calls them. */
const WRITERS = [
  "activityInsert",
  "mailInsert",
  "notificationInsert",
  "businessTeamNoticeStatements",
  "reputationStaleStatements",
  "webhookEventStatements",
];

function coreFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "effects" ? [] : coreFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("a write adds its side effects through one call (decision 152)", () => {
  it("no core file outside the effects kernel imports a single effect writer", () => {
    const offenders = coreFiles(DOMAIN).flatMap((file) => {
      const imports = [...readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"[^"]*effects\/[^"]*"/g)];
      const names = imports.flatMap((m) => m[1]!.split(",").map((n) => n.trim().replace(/^type\s+/, "")));
      return names.filter((n) => WRITERS.includes(n)).map((n) => `${relative(DOMAIN, file)} ${n}`);
    });
    expect(offenders).toEqual([]);
  });
});
