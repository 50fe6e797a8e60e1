import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/openapi.d.ts: the API's TypeScript types, generated from /api/openapi.json by
 * `npm run api:types` (decision 081), as a file to download. Public, like the document.
 */
export const loader = apiHandler(async () => {
  // Imported on first use: 330 KB of text no other request needs (cold starts, decision 075).
  const { WARM_INTROS_API_TYPES } = await import("~/openapi/generated/warm-intros-api-text");
  return new Response(WARM_INTROS_API_TYPES, {
    headers: {
      // TypeScript has no registered media type; text/plain is what every tool reads as text.
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="warm-intros-api.d.ts"',
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    },
  });
});

export const action = () => methodNotAllowed(["GET"]);
