import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/*
 * The server's route matching (decision 088): patches/@remix-run+router+1.23.3.patch makes the
 * router's CommonJS build (what the Worker bundles for Remix's server runtime) rank the route tree
 * once per routes array and build each pattern's RegExp once. Matching must answer exactly as before.
 */
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "referral", path: "referrals/:id" },
      { id: "new-referral", path: "referrals/new" },
      { id: "business", path: "business", children: [{ id: "business-referrals", path: "referrals" }] },
      { id: "api-referral", path: "api/referrals/:id" },
      { id: "splat", path: "*" },
    ],
  },
];

const leaf = (pathname: string) => router.matchRoutes(routes, pathname)?.at(-1);

describe("route matching (patched @remix-run/router)", () => {
  it("runs the patched build", () => {
    const source = readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(source).toContain("const rankedBranches = new WeakMap();");
    expect(source).toContain("const compiledPaths = new Map();");
  });

  it("answers the same on every call over one routes array, ranked as before", () => {
    for (let round = 0; round < 3; round++) {
      expect(leaf("/")?.route.id).toBe("home");
      expect(leaf("/referrals/new")?.route.id).toBe("new-referral");
      expect(leaf("/referrals/42")).toMatchObject({ route: { id: "referral" }, params: { id: "42" } });
      expect(leaf("/business/referrals")?.route.id).toBe("business-referrals");
      expect(leaf("/api/referrals/7/")).toMatchObject({ route: { id: "api-referral" }, params: { id: "7" } });
      expect(leaf("/nowhere/at/all")).toMatchObject({ route: { id: "splat" }, params: { "*": "nowhere/at/all" } });
    }
  });

  it("keeps a pattern's case sensitivity and end apart", () => {
    expect(router.matchPath({ path: "/Referrals/:id", caseSensitive: true }, "/referrals/1")).toBeNull();
    expect(router.matchPath({ path: "/Referrals/:id", caseSensitive: false }, "/referrals/1")?.params).toEqual({ id: "1" });
    expect(router.matchPath({ path: "/referrals", end: true }, "/referrals/1")).toBeNull();
    expect(router.matchPath({ path: "/referrals", end: false }, "/referrals/1")?.pathname).toBe("/referrals");
    expect(router.matchPath({ path: "/referrals", end: true }, "/referrals")?.pathname).toBe("/referrals");
  });
});
