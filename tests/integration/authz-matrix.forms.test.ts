import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { matrixCells, type Outcome, parseOutcome } from "./helpers/authz-cells";
import { formTable } from "./helpers/authz-form-table";
import { fill, ROLES, worldPerFile } from "./helpers/world";

/**
 * Who may do what, cell by cell: every screen form, as each party of the
 * world (helpers/world.ts). The rules come from docs/decisions 012, 013, 022, 023 and 038: another
 * party's things answer 404 as if they did not exist; what a caller may see but not change answers
 * 403; admin-only lists answer 403; API keys reach only endpoints that name a scope, and only their
 * own business (or, for a personal key, their own connector).
 */

const { app, w } = worldPerFile();
const { idsFor, runCell } = matrixCells(app, w);
const FORMS = formTable(w);

describe.each(Object.entries(FORMS).flatMap(([file, rows]) => rows.map((row) => ({ ...row, title: `${file}: ${row.name}` }))))(
  "form $title",
  (row) => {
    test.each(ROLES.map((who, i) => [who, row.expect[i] as Outcome] as const))("%s → %s", async (who, outcome) => {
      const ids = await idsFor(row.fresh, parseOutcome(outcome).allowed);
      const cookie = row.freshSession && who !== "anonymous" ? await w.sessionCookie(who) : undefined;
      await runCell(who, outcome, { mutating: true, undo: row.undo, endsSession: row.freshSession }, () =>
        w.form(who, fill(row.path, ids), row.fields(ids, who), cookie),
      );
    });
  },
);

// A route is a file, or a folder holding its route.tsx (Remix flat routes).
const routeFiles = readdirSync("app/routes", { withFileTypes: true }).map((d) =>
  d.isDirectory() ? `${d.name}/route.tsx` : d.name,
);

describe("the matrix covers every route", () => {
  test("every screen route with an action has form rows", () => {
    const withAction = routeFiles
      .filter(
        // An action written in the route, or re-exported from its folder's server module.
        (f) =>
          !f.startsWith("api.") &&
          /export (async function|const) action\b|export \{[^}]*\baction\b[^}]*\} from/.test(
            readFileSync(`app/routes/${f}`, "utf8"),
          ),
      )
      .map((f) => f.replace(/(\/route)?\.tsx?$/, ""));
    expect(Object.keys(FORMS).sort()).toEqual(withAction.sort());
  });
});
