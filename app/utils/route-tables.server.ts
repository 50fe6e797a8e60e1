import type { ServerBuild } from "@remix-run/cloudflare";

/**
 * Remix matches a request's URL against the whole route table four times per document request
 * (request handler, static handler, render, lazy-discovery manifest), flattening, ranking and
 * compiling a RegExp per route each time; at "/" (ranked last) every route is tried. A route can only
 * match URLs that start with its own static prefix, so the worker keeps one route table per prefix
 * of up to two segments (`business/referrals`, `api/referrals`, `login`): the routes with that
 * prefix, those with its first segment alone (`refer/:id`, the `api/*` 404), those that may match
 * anything (the root, pathless layouts, parameters and splats) and the index route at "/".
 *
 * Invariant (docs/ARCHITECTURE.md): for every URL Remix can be asked about (a document, `?_data=`,
 * a single-fetch `.data` URL), the chosen table matches exactly what the whole table matches, and
 * so does every parent path of it (the HTML's route manifest lists those too). The key is therefore
 * computed from the path Remix itself matches: decoded per segment, without single fetch's `.data`
 * suffix, `/_root.data` being "/". tests/integration/route-tables.test.ts proves it on the real build.
 * Decision 039.
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

/** One segment as Remix's router decodes it before matching (an undecodable one stays as it is). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path Remix matches for a request's pathname: single fetch (`v3_singleFetch`, the step towards
 * React Router 7) asks for `/business/referrals` as `/business/referrals.data` and for "/" as
 * `/_root.data`. Without single fetch such a URL matches the 404 splat, which every table holds.
 */
export function matchedPath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const stripped = pathname.slice(0, -".data".length);
  return stripped === "/_root" ? "/" : stripped;
}

/** The build restricted to one table per static prefix, and the table a request uses. */
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
    const [a = "", b] = matchedPath(pathname)
      .split("/")
      .filter(Boolean)
      .slice(0, 2)
      .map((segment) => decodeSegment(segment).toLowerCase());
    if (b !== undefined && pairs.has(`${a}/${b}`)) return `${a}/${b}`;
    return firsts.has(a) ? a : "*";
  };

  const restrict = (key: string): ServerBuild => {
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

  const tables = new Map<string, ServerBuild>();
  const tableFor = (key: string): ServerBuild => {
    let table = tables.get(key);
    if (!table) {
      table = restrict(key);
      tables.set(key, table);
    }
    return table;
  };

  /** The table for a request's URL; the lazy-discovery manifest (`/__manifest?p=…`) answers about
   * any path, so it gets the whole build. */
  const buildFor = (url: URL): ServerBuild => (url.pathname === "/__manifest" ? build : tableFor(keyFor(url.pathname)));

  return { keyFor, tableFor, buildFor };
}
