import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./utils/nonce";
import { documentCsp } from "./utils/security-headers.server";

/**
 * Single fetch streams the loaders' data into the document, so React renders to a stream
 * (renderToString cannot); the answer still waits for all of it (`allReady`), as one document did before.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error) {
        status = 500;
        if (!request.signal.aborted) console.error("render failed", new URL(request.url).pathname, error);
      },
    },
  );
  await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", documentCsp(nonce));
  return new Response(body, { headers: responseHeaders, status });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error("request failed", request.method, new URL(request.url).pathname, error);
}
