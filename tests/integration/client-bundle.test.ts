import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
// The bench's own reading of the client manifest and its budget (decision 075), so the two agree.
import { BUDGET } from "../../scripts/bench/options.mjs";
import { gzipBytes, manifestRoutes } from "../../scripts/bench/weight.mjs";

/**
 * What a browser downloads before a screen runs, read on the real build (`npm test` builds it first):
 * the bench measures the same, but only when someone runs it; this fails the change that crosses it.
 */

const routes: { id: string; paths: string[] }[] = manifestRoutes("public");
const bytes = new Map<string, string>();
const text = (path: string) => {
  if (!bytes.has(path)) bytes.set(path, readFileSync(`public${path}`, "utf8"));
  return bytes.get(path) as string;
};
const gzipOf = (paths: string[]) => paths.reduce((n, p) => n + gzipBytes(Buffer.from(text(p))), 0);

describe("client JavaScript", () => {
  test("every screen's first load stays within the bench's budget", () => {
    expect(routes.length).toBeGreaterThan(30);
    const over = routes
      .map((r) => ({ id: r.id, gzip: gzipOf(r.paths) }))
      .filter((r) => r.gzip > BUDGET.anyRouteJs)
      .map((r) => `${r.id}: ${(r.gzip / 1000).toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  test("no screen loads zod before a form is first used (it comes with the first focus)", () => {
    // zod's core exports this table by name; no other module in the app does.
    const withZod = routes.filter((r) => r.paths.some((p) => text(p).includes("NUMBER_FORMAT_RANGES"))).map((r) => r.id);
    expect(withZod).toEqual([]);
  });
});
