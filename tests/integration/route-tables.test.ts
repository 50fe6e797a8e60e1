import type { ServerBuild } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import { routeTables } from "~/utils/route-tables.server";
import { loadServerBuild, matchesIn } from "./helpers/server-build";

/**
 * The worker answers each request from one route table (route-tables.server). This holds its
 * invariant on the REAL build (`build/server`, made by `npm test`): every route, asked for in every
 * way a browser or Remix asks, resolves through its own table exactly as through the whole table.
 */
let build: ServerBuild;
let tables: ReturnType<typeof routeTables>;
beforeAll(async () => {
  build = await loadServerBuild();
  tables = routeTables(build);
});

/** The routes the HTML's manifest lists for a document (Remix's fog of war): the URL's own matches
 * and those of "/" and of every parent path. */
function manifestIn(table: ServerBuild, pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  segments.pop();
  const paths = [pathname, "/"];
  for (; segments.length > 0; segments.pop()) paths.push(`/${segments.join("/")}`);
  return [...new Set(paths.flatMap((path) => matchesIn(table, path).map((m) => m.id)))].sort();
}

/** A URL that reaches the route: parameters filled, optional segments present, a splat of two segments. */
function samplePath(routes: ServerBuild["routes"], id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  const segments = parts
    .join("/")
    .split("/")
    .filter(Boolean)
    // A param keeps a static suffix after it (":month.csv" is "7.csv").
    .map((segment) =>
      segment === "*" ? "x/y" : segment.startsWith(":") ? segment.replace(/^:[\w-]+\??/, "7") : segment.replace(/\?$/, ""),
    );
  return `/${segments.join("/")}`;
}

/** The same path as a browser may spell it: as written, in capitals, percent-encoded, with a slash at the end. */
function spellings(path: string): string[] {
  if (path === "/") return ["/"];
  const encoded = path.replace(/^\/([a-z])/, (_, c: string) => `/%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return [path, path.toUpperCase(), encoded, `${path}/`];
}

/** The path Remix's request handler matches for a single-fetch URL (server-runtime's own expression). */
const singleFetchPath = (pathname: string) => pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");

/** Routes a URL can end on (not the root or a pathless layout, which only wrap others). */
const isLeaf = (route: ServerBuild["routes"][string]) => route.id !== "root" && (route.index || route.path);

describe("route tables on the real build", () => {
  it("has the build's every route, and each sample URL reaches its route through the whole table", () => {
    const ids = Object.keys(build.routes);
    expect(ids.length).toBeGreaterThan(50);
    for (const id of ids) {
      const route = build.routes[id];
      if (!route || !isLeaf(route)) continue;
      const path = samplePath(build.routes, id);
      const leaf = matchesIn(build, path).at(-1)?.id;
      // A route may be outranked by a sibling at its sample URL (none is today); the test names it.
      expect(leaf, `${path} should reach ${id}`).toBe(id);
    }
  });

  it("resolves every route as a document, a ?_data= request and a single-fetch .data request exactly as the whole table does", () => {
    let checked = 0;
    for (const id of Object.keys(build.routes)) {
      for (const path of spellings(samplePath(build.routes, id))) {
        // A document: its matches, and the manifest the HTML carries.
        const document = tables.buildFor(new URL(path, "http://x"));
        expect(matchesIn(document, path), `document ${path}`).toEqual(matchesIn(build, path));
        expect(manifestIn(document, path), `manifest of ${path}`).toEqual(manifestIn(build, path));
        expect(Object.keys(document.assets.routes).sort()).toEqual(Object.keys(document.routes).sort());

        // ?_data=<route id>: Remix finds the route among the matches of the same path.
        const data = tables.buildFor(new URL(`${path}?_data=${encodeURIComponent(id)}`, "http://x"));
        expect(matchesIn(data, path), `?_data ${path}`).toEqual(matchesIn(build, path));

        // Single fetch: /a/b.data (and /_root.data for "/") asks for /a/b's loaders. Without single
        // fetch the same URL is an unknown path; either way the table agrees with the whole table.
        const dataUrl = path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`;
        const single = tables.buildFor(new URL(dataUrl, "http://x"));
        expect(matchesIn(single, singleFetchPath(dataUrl)), `single fetch ${dataUrl}`).toEqual(
          matchesIn(build, singleFetchPath(dataUrl)),
        );
        expect(matchesIn(single, dataUrl), `${dataUrl} without single fetch`).toEqual(matchesIn(build, dataUrl));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("answers the lazy-discovery manifest (/__manifest?p=…) from the whole table", () => {
    const paths = Object.keys(build.routes).map((id) => samplePath(build.routes, id));
    const table = tables.buildFor(new URL(`/__manifest?p=${paths.join(",")}&version=${build.assets.version}`, "http://x"));
    expect(table).toBe(build);
  });

  it("was wrong before: the single-fetch URLs of the business dashboard and My Referrals reach their routes", () => {
    const leafOf = (url: string) => matchesIn(tables.buildFor(new URL(url, "http://x")), singleFetchPath(url)).at(-1)?.id;
    expect(leafOf("/business/referrals.data")).toBe("routes/_app.business.referrals");
    expect(leafOf("/my-referrals.data")).toBe("routes/_app.my-referrals");
    expect(leafOf("/_root.data")).toBe("routes/_app._index");
  });
});
