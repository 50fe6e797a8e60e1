/**
 * Which route modules are /api endpoints, and the OpenAPI path each one answers. The generator
 * (app/openapi/generate.ts) and the tests that compare the document with the routes read the same
 * rules from here.
 */

/** Route modules under /api that are not endpoints of the API itself (the 404, and documents about the API). */
export const NOT_API_ENDPOINTS: ReadonlySet<string> = new Set(["api.$.ts", "api.openapi[.]json.ts", "api.openapi[.]d[.]ts.ts"]);

/** A route file (a name in app/routes) that is an endpoint of the API. /api/docs is a page (.tsx). */
export const isApiEndpointFile = (file: string) => /^api\..*\.ts$/.test(file) && !NOT_API_ENDPOINTS.has(file);

/**
 * A Remix flat-route file name as an OpenAPI path: `api.referrals.$id.ts` → `/api/referrals/{id}`;
 * brackets escape (`[.]` → `.`; `[test]` → `test`, a segment whose file would otherwise read as a test file).
 */
export function pathTemplateOf(file: string): string {
  const segments = file.replace(/\.tsx?$/, "").split(/(?<!\[)\.(?!\])/);
  const unbracket = (segment: string) => segment.replace(/\[([^\]]*)\]/g, "$1");
  return `/${segments.map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : unbracket(segment))).join("/")}`;
}
