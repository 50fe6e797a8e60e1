import { isLocalRequest } from "./env.server";
import { hasSessionCookie } from "./session.server";

/**
 * The page policy: scripts only from this origin or inline with this response's nonce; no plugins,
 * no <base>, no framing. Inline style attributes stay allowed (React and Radix set them).
 */
export function documentCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Non-HTML responses (JSON, CSV, redirects) run nothing at all. */
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Adds the headers every response carries; a document's own CSP (with its nonce) is kept. */
export function applySecurityHeaders(request: Request, response: Response): Response {
  const headers = response.headers;
  try {
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", RESOURCE_CSP);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    if (!isLocalRequest(request)) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    return response;
  } catch {
    // Immutable headers (a response passed through from elsewhere): copy once, then set.
    return applySecurityHeaders(request, new Response(response.body, response));
  }
}

/**
 * What may keep a copy (decision 053): every answer to a signed-in request (a session cookie or an
 * API key), or one that signs in, is `private, no-store`, since pages, Remix data and JSON carry
 * referral contact details. Anonymous answers keep a route's own policy (the OpenAPI document's
 * max-age) and are otherwise `no-cache`: stored only if revalidated, so no copy outlives a change.
 */
export function applyCachePolicy(request: Request, response: Response): Response {
  const headers = response.headers;
  const signsIn = headers.getSetCookie().some((cookie) => hasSessionCookie(cookie.split(";")[0] ?? ""));
  if (signsIn || hasSessionCookie(request.headers.get("Cookie")) || request.headers.has("Authorization")) {
    headers.set("Cache-Control", "private, no-store");
  } else if (!headers.has("Cache-Control")) {
    headers.set("Cache-Control", "no-cache");
  }
  return response;
}
