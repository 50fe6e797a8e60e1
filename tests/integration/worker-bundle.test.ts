import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

/**
 * Decision 172: the Worker the build makes carries none of the /api contracts' `docs()` (the document's
 * texts and examples are generated at build time and served as an asset), while the document still has
 * them. Read on the real build (`npm test` builds it first), as the served bundle is.
 */

const worker = readFileSync("build/worker/worker.js", "utf8");
const document = JSON.parse(readFileSync("public/api-types/openapi.json", "utf8")) as {
  paths: Record<string, Record<string, { description: string }>>;
};

/** Each operation's description's opening words: plain text a bundle would hold verbatim. */
const openings = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) => {
    const words = /^[A-Za-z0-9 ,.:;()/'-]{30,}/.exec(op.description)?.[0].slice(0, 50);
    return words ? [{ op: `${method.toUpperCase()} ${path}`, words }] : [];
  }),
);

describe("the Worker bundle", () => {
  test("carries no operation's documentation, which the document has", () => {
    // Most operations' descriptions open with plain words; the check means little otherwise.
    expect(openings.length).toBeGreaterThan(60);
    const carried = openings.filter(({ words }) => worker.includes(words));
    expect(carried.map(({ op, words }) => `${op}: ${words}`)).toEqual([]);
  });

  test("still carries every route's contract (what the handlers parse with)", () => {
    expect(worker).toContain("createReferral");
    expect(worker).toContain("updateReferral");
  });
});
