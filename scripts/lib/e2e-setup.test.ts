import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// CI's end-to-end run failed twice on a 503: a spec wrote the server's local D1 file from its own
// process, and the app's queries met SQLITE_BUSY while it held the lock. Setup goes through the
// server's Worker instead (tests/e2e/support/d1.ts).
describe("end-to-end setup", () => {
  const dir = "tests/e2e";
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));

  it("finds the specs", () => {
    expect(files.filter((f) => f.endsWith(".spec.ts")).length).toBeGreaterThan(20);
  });

  it.each(files)("%s never opens the local D1 file from the test process", (file) => {
    const text = readFileSync(join(dir, file), "utf8");
    expect(text).not.toMatch(/@libsql\/client|miniflare-D1DatabaseObject|\.sqlite\b/);
  });
});
