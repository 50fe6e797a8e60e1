import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { routeTables, tableKeyFor } from "./route-tables.server";

// The shapes of our route ids and paths (flat routes: a pathless _app layout, index routes, params).
const routes: Record<string, { parentId?: string; path?: string; index?: boolean }> = {
  root: { path: "" },
  "routes/_app": { parentId: "root" },
  "routes/_app._index": { parentId: "routes/_app", index: true },
  "routes/_app.$": { parentId: "routes/_app", path: "*" },
  "routes/_app.business.referrals": { parentId: "routes/_app", path: "business/referrals" },
  "routes/_app.admin._index": { parentId: "routes/_app", path: "admin", index: true },
  "routes/_app.referrals.$id": { parentId: "routes/_app", path: "referrals/:id" },
  "routes/login": { parentId: "root", path: "login" },
  "routes/refer.$businessId": { parentId: "root", path: "refer/:businessId" },
  "routes/api.$": { parentId: "root", path: "api/*" },
  "routes/api.referrals.business.$id": { parentId: "root", path: "api/referrals/business/:id" },
  "routes/$lang.about": { parentId: "root", path: ":lang/about" },
};
const build = {
  routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, { id, ...r, module: {} }])),
  assets: { routes: Object.fromEntries(Object.keys(routes).map((id) => [id, { id }])) },
} as unknown as ServerBuild;

const ids = (b: ServerBuild) => Object.keys(b.routes).sort();
// The catch-alls, and "/" (a page's route manifest lists what each parent path of its URL matches).
const everywhere = ["root", "routes/$lang.about", "routes/_app", "routes/_app.$", "routes/_app._index"];

describe("route tables per first URL segment", () => {
  const { known, tableFor } = routeTables(build);

  it("knows the first segments routes start with", () => {
    expect([...known].sort()).toEqual(["", "admin", "api", "business", "login", "refer", "referrals"]);
  });

  it("gives / the index route and the routes that match anything, nothing else", () => {
    expect(ids(tableFor(tableKeyFor(known, "/")))).toEqual([...everywhere].sort());
  });

  it("gives a path its segment's routes, case-insensitively, and keeps the client manifest in step", () => {
    const table = tableFor(tableKeyFor(known, "/Business/referrals"));
    expect(ids(table)).toEqual([...everywhere, "routes/_app.business.referrals"].sort());
    expect(Object.keys(table.assets.routes).sort()).toEqual(ids(table));
    expect(ids(tableFor(tableKeyFor(known, "/api/referrals/business/3")))).toEqual(
      [...everywhere, "routes/api.$", "routes/api.referrals.business.$id"].sort(),
    );
  });

  it("serves an unknown first segment from the catch-all table (the 404 page)", () => {
    expect(tableKeyFor(known, "/nowhere/at/all")).toBe("*");
    expect(ids(tableFor("*"))).toEqual([...everywhere].sort());
  });
});
