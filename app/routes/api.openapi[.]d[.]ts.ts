import { publishedAsset } from "~/openapi/published.server";
import { API_TYPES_ASSET_PATH, API_TYPES_FILENAME } from "~/openapi/typed-client-example";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/openapi.d.ts: the API's TypeScript types, generated from /api/openapi.json by
 * `npm run api:types` (decision 081), as a file to download. Public, like the document. The text is a
 * static asset the build publishes beside the Worker (decision 138): read through the ASSETS
 * binding and answered with the API's headers.
 */
export const loader = apiHandler(async ({ request, context }) => {
  const asset = await publishedAsset(context.cloudflare.env.ASSETS, request.url, API_TYPES_ASSET_PATH);
  return new Response(asset.body, {
    headers: {
      // TypeScript has no registered media type; text/plain is what every tool reads as text.
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${API_TYPES_FILENAME}"`,
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    },
  });
});

export const action = () => methodNotAllowed(["GET"]);
