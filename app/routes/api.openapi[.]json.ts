import { apiHandler, methodNotAllowed } from "~/utils/api.server";

let body: string | undefined;

/** GET /api/openapi.json: the OpenAPI 3.1 document of every /api endpoint (public; built once per isolate). */
export const loader = apiHandler(async () => {
  // Imported on first use: the document's schemas cost every fresh isolate's startup otherwise (decision 075).
  const { openApiDocument } = await import("~/openapi/document.server");
  body ??= JSON.stringify(openApiDocument());
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      // Public and secret-free: OpenAPI tools in a browser (editors, client generators) may fetch it.
      "Access-Control-Allow-Origin": "*",
    },
  });
});

export const action = () => methodNotAllowed(["GET"]);
