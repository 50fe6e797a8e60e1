import type { oas32 } from "zod-openapi";

/**
 * The API's documents as the build publishes them beside the Worker (scripts/build-openapi.ts): static
 * assets read through the ASSETS binding, so the Worker neither carries nor builds them (decision 138;
 * issue 36 generates the OpenAPI document from the routes' contracts at build time).
 */

/** The generated OpenAPI document. */
export const API_DOCUMENT_ASSET_PATH = "/api-types/openapi.json";

type Assets = { fetch: (input: URL) => Promise<Response> };

/** A published asset; a build without it is a broken deploy, not a caller's mistake (the API's 500). */
export async function publishedAsset(assets: Assets, requestUrl: string, path: string): Promise<Response> {
  const asset = await assets.fetch(new URL(path, requestUrl));
  if (!asset.ok) throw new Error(`The published asset ${path} answered ${asset.status}`);
  return asset;
}

let document: Promise<oas32.OpenAPIObject> | undefined;

/** The OpenAPI document, read and parsed once per isolate (for /api/docs). */
export function publishedDocument(assets: Assets, requestUrl: string): Promise<oas32.OpenAPIObject> {
  document ??= publishedAsset(assets, requestUrl, API_DOCUMENT_ASSET_PATH).then(
    (asset) => asset.json() as Promise<oas32.OpenAPIObject>,
  );
  // A failed read is not kept: the next request tries again.
  document.catch(() => {
    document = undefined;
  });
  return document;
}
