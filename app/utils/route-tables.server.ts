import type { ServerBuild } from "@remix-run/cloudflare";

/**
 * Remix matches a request's URL against the whole route table four times per document request
 * (request handler, static handler, render, lazy-discovery manifest), flattening, ranking and
 * compiling a RegExp per route each time; at "/" (ranked last) every route is tried. A route can only
 * match URLs that start with its own first path segment, so the worker keeps one route table per
 * first segment: the routes with that segment, those that may match anything (the root, pathless
 * layouts, parameters and splats) and the index route at "/". Decision 032.
 */

/** A route's first URL segment; "" for an index route at "/"; null when it may match any URL. */
function firstSegment(routes: ServerBuild["routes"], id: string): string | null {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  const first = parts.join("/").split("/").find(Boolean);
  if (first === undefined) return routes[id]?.index ? "" : null;
  if (/^[:*]|\?$/.test(first)) return null;
  return first.toLowerCase();
}

/** The key of the table a path is served from: its first segment when some route has it. */
export function tableKeyFor(known: ReadonlySet<string>, pathname: string): string {
  const first = (pathname.split("/").find(Boolean) ?? "").toLowerCase();
  return known.has(first) ? first : "*";
}

/** The build restricted to one table (and the client manifest with it). */
export function routeTables(build: ServerBuild) {
  const segments = new Map(Object.keys(build.routes).map((id) => [id, firstSegment(build.routes, id)]));
  const known = new Set([...segments.values()].filter((s): s is string => s !== null));
  const tableFor = (key: string): ServerBuild => {
    // "/" is in every table: the HTML's route manifest also lists what each parent path of the URL
    // matches, and "/" matched only against the catch-alls would be the 404 splat.
    const keep = (id: string) => segments.get(id) === null || segments.get(id) === key || segments.get(id) === "";
    const only = <T>(table: Record<string, T>) => Object.fromEntries(Object.entries(table).filter(([id]) => keep(id)));
    return { ...build, routes: only(build.routes), assets: { ...build.assets, routes: only(build.assets.routes) } };
  };
  return { known, tableFor };
}
