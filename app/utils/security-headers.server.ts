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
 * Pages opened with a link's secret (decision 117): an introduction (the person's own email and
 * phone), a team invitation, an unsubscribe link, a password reset and an address check, and their
 * /api twins. Their single-fetch data requests are their paths with `.data` (decision 135).
 */
const TOKEN_PAGE =
  /^\/(?:intro\/|invitations\/|api\/intros\/|api\/team-invitations\/|(?:unsubscribe|reset-password|verify-email)(?:\.data)?$)/;

export function isTokenPage(request: Request): boolean {
  return TOKEN_PAGE.test(new URL(request.url).pathname);
}

/** Whether the caller is someone: a session cookie or an API key came with the request, or the answer signs in. */
export function callerIsKnown(request: Request, response: Response): boolean {
  const signsIn = response.headers.getSetCookie().some((cookie) => hasSessionCookie(cookie.split(";")[0] ?? ""));
  return signsIn || hasSessionCookie(request.headers.get("Cookie")) || request.headers.has("Authorization");
}

/**
 * What may keep a copy (decision 053): every answer to a signed-in request (a session cookie or an
 * API key), or one that signs in, is `private, no-store`, since pages, Remix data and JSON carry
 * referral contact details; so is every token page, whoever opens it (decision 117). Other anonymous
 * answers keep a route's own policy (the OpenAPI document's max-age) and are otherwise `no-cache`:
 * stored only if revalidated, so no copy outlives a change.
 */
export function applyCachePolicy(request: Request, response: Response): Response {
  const headers = response.headers;
  if (callerIsKnown(request, response) || isTokenPage(request)) {
    headers.set("Cache-Control", "private, no-store");
  } else if (!headers.has("Cache-Control")) {
    headers.set("Cache-Control", "no-cache");
  }
  return response;
}
