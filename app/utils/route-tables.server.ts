import type { ServerBuild } from "@remix-run/cloudflare";

/**
 * Remix matches a request's URL against the whole route table four times per document request
 * (request handler, static handler, render, lazy-discovery manifest), flattening, ranking and
 * compiling a RegExp per route each time; at "/" (ranked last) every route is tried. A route can only
 * match URLs that start with its own static prefix, so the worker keeps one route table per prefix
 * of up to two segments (`business/referrals`, `api/referrals`, `login`): the routes with that
 * prefix, those with its first segment alone (`refer/:id`, the `api/*` 404), those that may match
 * anything (the root, pathless layouts, parameters and splats) and the index route at "/".
 * Decision 032.
 */

/** A route's static URL prefix: up to two segments, stopping at a parameter, a splat or an optional
 * segment; [""] for an index route at "/"; null when it may match any URL. */
function staticPrefix(routes: ServerBuild["routes"], id: string): string[] | null {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  const segments = parts.join("/").split("/").filter(Boolean);
  if (segments.length === 0) return routes[id]?.index ? [""] : null;
  const prefix: string[] = [];
  for (const segment of segments.slice(0, 2)) {
    if (/^[:*]|\?$/.test(segment)) break;
    prefix.push(segment.toLowerCase());
  }
  return prefix.length ? prefix : null;
}

/** The build restricted to one table (and the client manifest with it), and which table a path uses. */
export function routeTables(build: ServerBuild) {
  const prefixes = new Map(Object.keys(build.routes).map((id) => [id, staticPrefix(build.routes, id)]));
  const firsts = new Set<string>();
  const pairs = new Set<string>();
  for (const prefix of prefixes.values()) {
    if (prefix?.[0]) firsts.add(prefix[0]);
    if (prefix?.length === 2) pairs.add(prefix.join("/"));
  }
  /** "a/b" when some route starts so, else "a" when some route starts with a, else "*". */
  const keyFor = (pathname: string): string => {
    const [a = "", b] = pathname.toLowerCase().split("/").filter(Boolean);
    if (b !== undefined && pairs.has(`${a}/${b}`)) return `${a}/${b}`;
    return firsts.has(a) ? a : "*";
  };
  const tableFor = (key: string): ServerBuild => {
    const first = key.split("/")[0];
    // "/" is in every table: the HTML's route manifest also lists what each parent path of the URL
    // matches, and "/" matched only against the catch-alls would be the 404 splat. For the same
    // reason a pair's table keeps the routes of its first segment alone.
    const keep = (id: string) => {
      const prefix = prefixes.get(id);
      if (!prefix || prefix[0] === "") return true;
      return prefix.length === 1 ? prefix[0] === first : prefix.join("/") === key;
    };
    const only = <T>(table: Record<string, T>) => Object.fromEntries(Object.entries(table).filter(([id]) => keep(id)));
    return { ...build, routes: only(build.routes), assets: { ...build.assets, routes: only(build.assets.routes) } };
  };
  return { keyFor, tableFor };
}
