import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type Citation,
  DECISIONS_DIR,
  findCitations,
  projectFiles,
  readDecisions,
  statusWithoutTargets,
} from "./decision-references";

/*
 * Issue 35: a comment citing the wrong decision (the router patch named 087 for 088) or a decision
 * with no date or status reads as true to the next person. Every decision says when and whether it
 * holds, and every mention of one by number, anywhere in the repository, names one that exists,
 * links to its file, and, when it was superseded, names what replaced it.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const decisions = readDecisions(root);
const byNumber = new Map(decisions.map((d) => [d.number, d]));
const files = projectFiles(root);
const texts = new Map(files.map((file) => [file, readFileSync(join(root, file), "utf8")]));
const citations = files.flatMap((file) => findCitations(file, texts.get(file) ?? ""));
const where = (c: Citation) => `${c.file}:${c.line} "${c.text}"`;

describe("findCitations", () => {
  it("reads every way a decision is named", () => {
    const text = [
      "// Built once (decision 089); it may ride (decisions 056 and 058, decisions 059, 060).",
      " * what the patch keeps (decision",
      " * 088), and issue 17 (decisions 063–071).",
      "See [the bench](docs/decisions/028-benchmark.md), 100,000 referrals, decision 1,000 rows.",
    ].join("\n");
    expect(findCitations("app/x.ts", text).map((c) => [c.line, c.numbers, c.linkedFile])).toEqual([
      [1, ["089"], undefined],
      [1, ["056", "058"], undefined],
      [1, ["059", "060"], undefined],
      [3, ["088"], undefined],
      [3, ["063", "071"], undefined],
      [4, ["028"], "028-benchmark"],
    ]);
  });

  it("reads a decision's bare relations to others, but not an HTTP status", () => {
    const text =
      "Status: accepted (amends 095 and 099; supersedes [039](./039-route-tables-keyed-by-static-prefix.md)); 073's index, the 409's text";
    expect(findCitations(`${DECISIONS_DIR}/100-x.md`, text).flatMap((c) => c.numbers)).toEqual(["095", "099", "039", "073"]);
    // Outside the decisions, a bare number is not a decision.
    expect(findCitations("README.md", "amends 095; 073's index")).toEqual([]);
  });
});

describe("the decisions", () => {
  it("are numbered once each, each heading with its own file's number", () => {
    expect(decisions.length).toBeGreaterThan(100);
    expect(new Set(decisions.map((d) => d.number)).size).toBe(decisions.length);
    expect(decisions.filter((d) => !d.heading.startsWith(`# ${d.number} `)).map((d) => d.file)).toEqual([]);
  });

  it("each have a date and a status", () => {
    expect(decisions.filter((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d.date ?? "")).map((d) => d.file)).toEqual([]);
    expect(decisions.filter((d) => !d.status?.trim()).map((d) => d.file)).toEqual([]);
  });

  it("say what supersedes them by a link, and the successor says what it supersedes", () => {
    // Every "supersedes" and "superseded by" names its decision by a link.
    const unlinked = decisions.filter((d) => {
      const status = statusWithoutTargets(d.status ?? "");
      const mentions = status.match(/supersede[sd]\b/g)?.length ?? 0;
      const linked =
        (status.match(/superseded by \[\d{3}\]/g)?.length ?? 0) + (status.match(/supersedes\b[^;()]*\[\d{3}\]/g)?.length ?? 0);
      return mentions !== linked;
    });
    expect(unlinked.map((d) => `${d.file}: ${d.status}`)).toEqual([]);

    const oneWay: string[] = [];
    for (const d of decisions) {
      for (const n of d.supersededByAny) {
        if (!byNumber.get(n)?.supersedes.includes(d.number))
          oneWay.push(`${d.number} says superseded by ${n}; ${n} does not say so`);
      }
      for (const n of d.supersedes) {
        if (!byNumber.get(n)?.supersededByAny.includes(d.number))
          oneWay.push(`${d.number} says it supersedes ${n}; ${n} does not say so`);
      }
    }
    expect(oneWay).toEqual([]);
  });
});

describe("references to decisions, in source, tests, scripts, migrations, the README and docs", () => {
  it("are found", () => {
    expect(files).toContain("README.md");
    expect(citations.length).toBeGreaterThan(500);
  });

  it("name a decision that exists", () => {
    const missing = citations.filter((c) => c.numbers.some((n) => !byNumber.has(n)));
    expect(missing.map(where)).toEqual([]);
  });

  it("link to the decision's own file", () => {
    const wrong = citations.filter((c) => c.linkedFile && byNumber.get(c.numbers[0] ?? "")?.file !== c.linkedFile);
    expect(wrong.map(where)).toEqual([]);
  });

  it("to a superseded decision name its successor beside it (the decisions themselves aside)", () => {
    const stale = citations.filter((c) => {
      if (c.file.startsWith(`${DECISIONS_DIR}/`)) return false;
      const lines = (texts.get(c.file) ?? "").split("\n").slice(Math.max(0, c.line - 3), c.line + 2);
      return c.numbers.some((n) => {
        const successor = byNumber.get(n)?.supersededBy;
        return successor !== undefined && !lines.some((l) => new RegExp(`\\b${successor}\\b`).test(l));
      });
    });
    expect(
      stale.map((c) => `${where(c)} (superseded by ${c.numbers.map((n) => byNumber.get(n)?.supersededBy).join(", ")})`),
    ).toEqual([]);
  });
});
