import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { routeTables } from "./route-tables.server";

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
  "routes/api.webhooks": { parentId: "root", path: "api/webhooks" },
  "routes/$lang.about": { parentId: "root", path: ":lang/about" },
};
const build = {
  routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, { id, ...r, module: {} }])),
  assets: { routes: Object.fromEntries(Object.keys(routes).map((id) => [id, { id }])) },
} as unknown as ServerBuild;

const ids = (b: ServerBuild) => Object.keys(b.routes).sort();
// The catch-alls, and "/" (a page's route manifest lists what each parent path of its URL matches).
const everywhere = ["root", "routes/$lang.about", "routes/_app", "routes/_app.$", "routes/_app._index"];

describe("route tables per static URL prefix", () => {
  const { keyFor, tableFor } = routeTables(build);

  it("keys a path by its first two segments when a route starts so, else by its first, else the catch-all table", () => {
    expect(keyFor("/")).toBe("*"); // the catch-alls and "/", which every table has
    expect(keyFor("/login")).toBe("login");
    expect(keyFor("/Business/Referrals")).toBe("business/referrals");
    expect(keyFor("/api/referrals/business/3")).toBe("api/referrals");
    expect(keyFor("/api/nothing/here")).toBe("api");
    expect(keyFor("/refer/12")).toBe("refer");
    expect(keyFor("/nowhere/at/all")).toBe("*");
  });

  it("gives / the index route and the routes that match anything, nothing else", () => {
    expect(ids(tableFor(keyFor("/")))).toEqual([...everywhere].sort());
  });

  it("gives a path its prefix's routes and its first segment's own, case-insensitively, with the client manifest in step", () => {
    const table = tableFor(keyFor("/Business/referrals"));
    expect(ids(table)).toEqual([...everywhere, "routes/_app.business.referrals"].sort());
    expect(Object.keys(table.assets.routes).sort()).toEqual(ids(table));
    // /api/referrals/…: the api/referrals routes and the api/* 404, not api/webhooks.
    expect(ids(tableFor(keyFor("/api/referrals/business/3")))).toEqual(
      [...everywhere, "routes/api.$", "routes/api.referrals.business.$id"].sort(),
    );
    // An api path no route starts with gets the api/* 404 only.
    expect(ids(tableFor(keyFor("/api/nothing")))).toEqual([...everywhere, "routes/api.$"].sort());
    // /admin is both an index route of its own and the first segment of nothing longer.
    expect(ids(tableFor(keyFor("/admin")))).toEqual([...everywhere, "routes/_app.admin._index"].sort());
  });

  it("serves an unknown first segment from the catch-all table (the 404 page)", () => {
    expect(ids(tableFor("*"))).toEqual([...everywhere].sort());
  });
});
