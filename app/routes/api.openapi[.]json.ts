import { API_DOCUMENT_ASSET_PATH, publishedAsset } from "~/openapi/published.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every /api endpoint (public). The build generates
 * it from the route modules' contracts and publishes it beside the Worker (issue 36); this answers it
 * with the API's headers.
 */
export const loader = apiHandler(async ({ request, context }) => {
  const asset = await publishedAsset(context.cloudflare.env.ASSETS, request.url, API_DOCUMENT_ASSET_PATH);
  return new Response(asset.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      // Public and secret-free: OpenAPI tools in a browser (editors, client generators) may fetch it.
      "Access-Control-Allow-Origin": "*",
    },
  });
});

export const action = () => methodNotAllowed(["GET"]);
