/**
 * Classic Remix compiler. The server build holds only app code; wrangler bundles it together with
 * its dependencies once, when it builds `functions/[[path]].ts` (bundling them here too would ship
 * the Remix runtime twice in the worker).
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverBuildPath: "build/server/index.js",
  serverConditions: ["workerd", "worker", "browser"],
  serverDependenciesToBundle: [],
  serverMainFields: ["browser", "module", "main"],
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  tailwind: true,
  postcss: false,
  // Every v3 flag the classic compiler has (v3_routeConfig needs Vite), decision 135.
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
