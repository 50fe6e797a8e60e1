import { readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { apiTable } from "./helpers/authz-api-table";
import { API_COLUMNS, type ApiRow, matrixCells, type Outcome, parseOutcome, splitOp } from "./helpers/authz-cells";
import { formTable } from "./helpers/authz-form-table";
import { contractRun, OUTSIDE_THE_DOCUMENT } from "./helpers/contract-run";
import { expectJsonError } from "./helpers/responses";
import { fill, KEY_PRINCIPALS, ROLES, type Role, worldPerFile } from "./helpers/world";

/**
 * Who may do what, cell by cell: every /api endpoint and every screen form, as each party of the
 * world (helpers/world.ts). The rules come from docs/decisions 012, 013, 022, 023 and 038: another
 * party's things answer 404 as if they did not exist; what a caller may see but not change answers
 * 403; admin-only lists answer 403; API keys reach only endpoints that name a scope, and only their
 * own business (or, for a personal key, their own connector).
 */

const { app, w } = worldPerFile();
const { idsFor, runCell } = matrixCells(app, w);
// Every cell's answer, and the request of every allowed cell, held against the served document (issue 36).
const contract = contractRun(app, "matrix");
const API = apiTable(w);
// The coverage test counts the form rows' outcomes too.
const FORMS = formTable(w);

describe.each(API)("$op", (row) => {
  test.each(API_COLUMNS.map((who, i) => [who, row.expect[i] as Outcome] as const))("%s → %s", async (who, outcome) => {
    const { method, template } = splitOp(row.op);
    const { allowed } = parseOutcome(outcome);
    const ids = await idsFor(row.fresh, allowed);
    // `?as=`, `?to=` and `?for=` only name a row's variant; the route ignores them.
    const path = fill(template, ids);
    const cookie =
      row.freshSession && who !== "anonymous" && !KEY_PRINCIPALS.includes(who as never)
        ? await w.sessionCookie(who as Exclude<Role, "anonymous">)
        : undefined;
    const { res, text } = await runCell(
      who,
      outcome,
      { mutating: method !== "GET", undo: row.undo, endsSession: row.freshSession, api: true },
      () => contract.checked(() => w.request(who, method, path, { body: row.body?.(ids), cookie }), { requestToo: allowed }),
    );
    if (res.status >= 400) expectJsonError(res, text);
    else if (row.check) row.check(JSON.parse(text), who);
  });
});

describe("the cells keep the API's contract", () => {
  test("no violation beyond the known ones (contract-known-violations.ts)", () => contract.expectNothingNew());
  // A run of some cells only (-t) finds only some: the ratchet's other half needs them all.
  const cells =
    API.filter((row) => !OUTSIDE_THE_DOCUMENT.has(splitOp(row.op).template.split("?")[0] ?? "")).length * API_COLUMNS.length;
  test("every known violation still found", ({ skip }) => {
    if (contract.exchanges() < cells) skip();
    contract.expectNothingGone();
  });
});

// ——— Coverage and methods ———

/**
 * `api.referrals.$id.ts` → `/api/referrals/{}`; `api.openapi[.]json.ts` → `/api/openapi.json`; `api.$.ts` → `/api/*`;
 * `api.webhooks.$id.[test].ts` → `/api/webhooks/{}/test` (brackets escape).
 */
function routeOfFile(file: string) {
  const segments = file
    .replace(/\.tsx?$/, "")
    .replace(/\[\.\]/g, "\0")
    .split(".")
    .map((s) => s.replace(/\0/g, ".").replace(/\[([^\]]*)\]/g, "$1"));
  return `/${segments.map((s) => (s === "$" ? "*" : s.startsWith("$") ? "{}" : s)).join("/")}`;
}
const routeOfRow = (row: ApiRow) =>
  row.route ??
  splitOp(row.op)
    .template.split("?")[0]
    ?.replace(/\{\w+\}/g, "{}");

// A route is a file, or a folder holding its route.tsx (Remix flat routes).
const routeFiles = readdirSync("app/routes", { withFileTypes: true }).map((d) =>
  d.isDirectory() ? `${d.name}/route.tsx` : d.name,
);

describe("the matrix covers every route", () => {
  test("every /api route file has rows, and every row's route has a file", () => {
    const files = routeFiles.filter((f) => f.startsWith("api.")).map(routeOfFile);
    expect([...new Set(API.map(routeOfRow))].sort()).toEqual([...new Set(files)].sort());
  });

  test("every row has one outcome per column", () => {
    for (const row of API) expect(row.expect, row.op).toHaveLength(API_COLUMNS.length);
    for (const row of Object.values(FORMS).flat()) expect(row.expect, row.name).toHaveLength(ROLES.length);
  });
});

/** One concrete path per route, and the methods its rows use. */
const ROUTES = [...new Map(API.filter((r) => !r.route).map((r) => [routeOfRow(r), r])).entries()].map(([route, row]) => ({
  route,
  template: splitOp(row.op).template.split("?")[0] as string,
  methods: new Set(API.filter((r) => routeOfRow(r) === route).map((r) => splitOp(r.op).method)),
}));

describe("methods a route does not support answer 405", () => {
  test.each(
    ROUTES.flatMap(({ route, template, methods }) =>
      ["PUT", ...(methods.has("GET") ? [] : ["GET"])].map((method) => [method, route, template] as const),
    ),
  )("%s %s", async (method, route, template) => {
    for (const who of ["anonymous", "owner"] as const) {
      const res = await w.request(who, method, fill(template, w.ids), method === "GET" ? {} : { body: {} });
      const text = await res.text();
      expect(res.status, `${who}: ${text.slice(0, 200)}`).toBe(405);
      // /api/docs is a page (HTML), with Remix's own 405; every resource route answers JSON with Allow.
      if (route === "/api/docs") continue;
      expectJsonError(res, text);
      expect(res.headers.get("Allow")).toBeTruthy();
    }
  });
});
