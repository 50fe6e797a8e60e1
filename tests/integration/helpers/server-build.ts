import type { ServerBuild } from "@remix-run/cloudflare";
// Remix's own route tree and matcher, so "as Remix matches" means exactly that.
import { matchServerRoutes } from "@remix-run/server-runtime/dist/routeMatching.js";
import { createRoutes } from "@remix-run/server-runtime/dist/routes.js";

/** The real server build that `npm test` made (`build/server`), not a hand-made stand-in. */
export async function loadServerBuild(): Promise<ServerBuild> {
  // A URL, not a literal specifier: the build is generated, so the type checker must not need it.
  const url = new URL("../../../build/server/index.js", import.meta.url).href;
  return (await import(/* @vite-ignore */ url)) as ServerBuild;
}

const trees = new WeakMap<ServerBuild, ReturnType<typeof createRoutes>>();

/** What Remix matches for a path in a build (or a route table of it): route ids and params, root first. */
export function matchesIn(build: ServerBuild, pathname: string) {
  let tree = trees.get(build);
  if (!tree) {
    tree = createRoutes(build.routes);
    trees.set(build, tree);
  }
  return (matchServerRoutes(tree, pathname) ?? []).map((m) => ({ id: m.route.id, params: m.params }));
}
