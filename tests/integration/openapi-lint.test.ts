import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appPerFile } from "./helpers/app";
import { KNOWN_FINDINGS, type LintTool } from "./openapi-known-findings";

/**
 * Outside tools read the served document as an integrator's tooling would (issue 36): Spectral with
 * its recommended OpenAPI rules (`.spectral.yaml`: errors and warnings count) and Redocly's
 * recommended lint (`redocly.yaml`: errors count). What they find must be exactly the ratchet in
 * openapi-known-findings.ts: nothing new, and nothing listed that has gone.
 */

/** A generous bound for both CLIs on a busy machine (measured alone: Spectral ~6-9 s, Redocly ~2-3 s). */
const LINT_TIMEOUT_MS = 120_000;

/** The CLIs run offline: no install or usage reports, no update check (Redocly's is also off when not on a terminal). */
const OFFLINE = {
  SCARF_ANALYTICS: "false",
  DO_NOT_TRACK: "1",
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  NO_COLOR: "1",
};

type Finding = { tool: LintTool; rule: string; path: string; message: string };

/** `a.b['c/d'][0]`: JSONPath of a list of keys, as the known-findings file writes them. */
function jsonPath(keys: readonly (string | number)[]): string {
  const part = (key: string | number) =>
    typeof key === "number" || /^\d+$/.test(key)
      ? `[${key}]`
      : /^[A-Za-z_$][\w$]*$/.test(key)
        ? `.${key}`
        : `['${key.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}']`;
  return `$${keys.map(part).join("")}`;
}

/** The keys of a JSON Pointer fragment as Redocly reports it (`#/paths/~1api~1x/get`). */
const pointerKeys = (pointer: string) =>
  pointer
    .replace(/^#?\/?/, "")
    .split("/")
    .filter((key) => key !== "")
    .map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"));

/**
 * Runs a CLI from node_modules/.bin on the Node that runs the tests. Both exit 1 when they find
 * errors, so the exit code says nothing here: their JSON on stdout does.
 */
function runBin(bin: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [resolve("node_modules/.bin", bin), ...args],
      { env: { ...process.env, ...OFFLINE }, maxBuffer: 64 * 1024 * 1024, timeout: LINT_TIMEOUT_MS - 5_000 },
      (error, stdout, stderr) => {
        if (error && (typeof error.code !== "number" || error.code > 1))
          fail(new Error(`${bin} ${args.join(" ")} failed (${error.code ?? error.signal}): ${stderr || error.message}`));
        else done(stdout);
      },
    );
  });
}

type SpectralResult = { code: string | number; path: (string | number)[]; message: string; severity: number };
type RedoclyProblem = { ruleId: string; severity: "error" | "warn"; message: string; location: { pointer?: string }[] };

/** Spectral's errors (severity 0) and warnings (1). */
async function spectralFindings(file: string): Promise<Finding[]> {
  const out = await runBin("spectral", ["lint", file, "--ruleset", resolve(".spectral.yaml"), "--format", "json", "--quiet"]);
  const results = JSON.parse(out.trim() || "[]") as SpectralResult[];
  return results
    .filter((r) => r.severity <= 1)
    .map((r) => ({ tool: "spectral", rule: String(r.code), path: jsonPath(r.path), message: r.message }));
}

/** Redocly's errors. */
async function redoclyFindings(file: string): Promise<Finding[]> {
  const out = await runBin("redocly", ["lint", file, "--config", resolve("redocly.yaml"), "--format", "json"]);
  const { problems } = JSON.parse(out) as { problems: RedoclyProblem[] };
  return problems
    .filter((p) => p.severity === "error")
    .map((p) => ({
      tool: "redocly",
      rule: p.ruleId,
      path: jsonPath(pointerKeys(p.location[0]?.pointer ?? "")),
      message: p.message,
    }));
}

const keyOf = (f: { tool: string; rule: string; path: string }) => `${f.tool} ${f.rule} ${f.path}`;

/** What `found` has beyond `listed` (and the other way round), counting repeats. */
function beyond(found: readonly string[], listed: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const key of listed) left.set(key, (left.get(key) ?? 0) + 1);
  return found.filter((key) => {
    const n = left.get(key) ?? 0;
    left.set(key, n - 1);
    return n <= 0;
  });
}

const app = appPerFile();
let dir: string;
const runs = {} as Record<LintTool, Promise<Finding[]>>;

beforeAll(async () => {
  const res = await app.fetch("/api/openapi.json");
  expect(res.status).toBe(200);
  // Read to the end (see openapi.test.ts: an unread body of this size keeps workerd's answer open).
  const text = await res.text();
  dir = await mkdtemp(join(tmpdir(), "openapi-lint-"));
  const file = join(dir, "openapi.json");
  await writeFile(file, text);
  // Both at once: Spectral takes the longer, Redocly fits beside it.
  runs.spectral = spectralFindings(file);
  runs.redocly = redoclyFindings(file);
  // A failed run is reported by its tests; never as an unhandled rejection (a filtered run skips one).
  for (const run of Object.values(runs)) run.catch(() => {});
});

afterAll(async () => {
  await Promise.allSettled(Object.values(runs));
  if (dir) await rm(dir, { recursive: true, force: true });
}, LINT_TIMEOUT_MS);

describe.each(["spectral", "redocly"] as const)("%s on /api/openapi.json", (tool) => {
  const listed = KNOWN_FINDINGS.filter((f) => f.tool === tool).map(keyOf);

  test("finds nothing beyond the known findings", { timeout: LINT_TIMEOUT_MS }, async () => {
    const found = await runs[tool];
    const lines = beyond(found.map(keyOf), listed).map((key) => `${key}\n      ${found.find((f) => keyOf(f) === key)?.message}`);
    expect(
      lines,
      `New ${tool} findings: fix the document (or, if one must stay, list it in tests/integration/openapi-known-findings.ts with why)`,
    ).toEqual([]);
  });

  test("still finds every known finding (one that has gone is deleted from the list)", { timeout: LINT_TIMEOUT_MS }, async () => {
    const found = (await runs[tool]).map(keyOf);
    expect(beyond(listed, found), `Gone: delete these from tests/integration/openapi-known-findings.ts`).toEqual([]);
  });
});
