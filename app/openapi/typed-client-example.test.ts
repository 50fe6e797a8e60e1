import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { OPENAPI_FETCH_RANGE, typedClientExample, typedClientInstall } from "./typed-client-example";

/**
 * The example on /api/docs, type-checked as an integrator's project would compile it: beside the
 * committed warm-intros-api.d.ts (what /api/openapi.d.ts serves) and the openapi-fetch this repo
 * installs, strict, with no errors allowed. A stale example or a changed API fails here.
 */

const TYPES = readFileSync("app/openapi/generated/warm-intros-api.d.ts", "utf8");
const ORIGIN = "https://warm-intros.example";

/** An integrator's project, in memory: a folder in this repo, so `openapi-fetch` resolves from node_modules. */
const PROJECT = path.resolve("typed-client-example-project");
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  types: ["node"],
  typeRoots: [path.resolve("node_modules/@types")],
  noEmit: true,
  // The generated types are checked as well (skipLibCheck would skip every .d.ts).
  skipLibCheck: false,
  skipDefaultLibCheck: true,
};
/** For the broken copies: only the example is of interest, and checking the .d.ts again takes seconds. */
const EXAMPLE_ONLY: ts.CompilerOptions = { ...OPTIONS, skipLibCheck: true };

/** The parsed files of node_modules (TypeScript's lib, @types/node, openapi-fetch), shared by every compile. */
const installed = new Map<string, ts.SourceFile | undefined>();

/** Every diagnostic of compiling `example` against `types`, as "file:line: message". */
function compile(example: string, types = TYPES, options = OPTIONS): string[] {
  const files = new Map([
    [path.join(PROJECT, "example.ts"), example],
    [path.join(PROJECT, "warm-intros-api.d.ts"), types],
  ]);
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const directoryExists = host.directoryExists?.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.directoryExists = (name) => name === PROJECT || (directoryExists?.(name) ?? true);
  host.getSourceFile = (name, language, onError, createNew) => {
    const text = files.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, language);
    if (!installed.has(name)) installed.set(name, getSourceFile(name, language, onError, createNew));
    return installed.get(name);
  };
  const program = ts.createProgram([path.join(PROJECT, "example.ts")], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? path.relative(process.cwd(), d.file.fileName) : "";
    return `${file}:${where ? where.line + 1 : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

describe("the typed-client example on /api/docs", () => {
  const example = typedClientExample(ORIGIN);

  test("compiles against the generated types with no diagnostics", () => {
    expect(compile(example)).toEqual([]);
  }, 60_000);

  test("a wrong field name fails to compile (the check can fail)", () => {
    const wrong = example.replace("referredPersonName:", "referredPersonNam:");
    expect(wrong).not.toBe(example);
    const diagnostics = compile(wrong, TYPES, EXAMPLE_ONLY);
    expect(diagnostics.join("\n")).toMatch(/example\.ts:\d+: .*'referredPersonNam' does not exist/);
  }, 60_000);

  test("a wrong query value and a path the API does not have fail to compile", () => {
    const badStatus = compile(example.replace('status: "pending"', 'status: "open"'), TYPES, EXAMPLE_ONLY).join("\n");
    expect(badStatus).toMatch(/example\.ts:\d+: Type '"open"' is not assignable/);
    const badPath = compile(
      example.replace('"/api/referrals/connector/{id}"', '"/api/referrals/connectors/{id}"'),
      TYPES,
      EXAMPLE_ONLY,
    ).join("\n");
    expect(badPath).toMatch(/example\.ts:\d+: .*"\/api\/referrals\/connectors\/\{id\}"/);
  }, 60_000);

  test("types without the listing endpoint fail it (a changed API breaks the example)", () => {
    const types = TYPES.replace('"/api/referrals/connector/{id}": {', '"/api/referrals/connector/{id}/gone": {');
    expect(types).not.toBe(TYPES);
    const diagnostics = compile(example, types, EXAMPLE_ONLY);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.startsWith("typed-client-example-project/example.ts:"))).toBe(true);
    expect(diagnostics.join("\n")).toMatch(/"\/api\/referrals\/connector\/\{id\}"' is not assignable to parameter/);
  }, 60_000);

  test("link tokens are typed as what they are: strings (issue 36)", () => {
    // GET /api/intros/{token} and POST /api/team-invitations/{token}/accept with a link's 43-character token.
    const calls = (token: string) => `import createClient from "openapi-fetch";
import type { paths } from "./warm-intros-api";

const api = createClient<paths>({ baseUrl: "${ORIGIN}" });

export async function follow(token: string) {
  const intro = await api.GET("/api/intros/{token}", { params: { path: { token: ${token} } } });
  const status: "awaiting" | "given" | "declined" | "expired" | "cancelled" | undefined = intro.data?.consentStatus;
  const joined = await api.POST("/api/team-invitations/{token}/accept", { params: { path: { token: ${token} } } });
  return [status, joined.data?.member.id];
}
`;
    expect(compile(calls("token"), TYPES, EXAMPLE_ONLY)).toEqual([]);
    // A number is refused where the path wants the token (the check can fail).
    const wrong = compile(calls("42"), TYPES, EXAMPLE_ONLY).join("\n");
    expect(wrong.match(/example\.ts:\d+: Type 'number' is not assignable to type 'string'/g)).toHaveLength(2);
  }, 60_000);

  test("imports the downloaded file and uses the page's origin; the install line pins the release the tests use", () => {
    expect(example).toContain('import type { paths } from "./warm-intros-api";');
    expect(example).toContain(`baseUrl: "${ORIGIN}",`);
    const installed = JSON.parse(readFileSync("package.json", "utf8")).devDependencies["openapi-fetch"] as string;
    expect(`^${installed}`.startsWith(`${OPENAPI_FETCH_RANGE}.`)).toBe(true);
    expect(typedClientInstall(ORIGIN)).toBe(
      `npm install openapi-fetch@${OPENAPI_FETCH_RANGE}\ncurl -o warm-intros-api.d.ts ${ORIGIN}/api/openapi.d.ts`,
    );
  });
});
