import { jsonError, MAX_BODY_BYTES } from "./api.server";
import { hasSessionCookie } from "./session.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_CONTENT_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Checks made before Remix sees a request: oversized bodies are refused, and a mutation that
 * carries our session cookie from another origin is refused (CSRF). Screens (everything outside
 * /api) take forms only and refuse every cross-site post: Remix would otherwise abort those, and
 * fail on bodies that are not forms, with a 500. Returns a response to send instead, or null to go on.
 */

/** A mutation carrying the session cookie from another site (403). */
export const CROSS_SITE_REFUSED = "Cross-site request refused";
export async function guardRequest(request: Request): Promise<Response | null> {
  if (request.method === "OPTIONS") return optionsAnswer(request);
  if (SAFE_METHODS.has(request.method)) return null;
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_BODY_BYTES) return jsonError(413, "Request body is too large (limit 1 MB)");
  const url = new URL(request.url);
  const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
  if (!isApi || hasSessionCookie(request.headers.get("Cookie"))) {
    const origin = request.headers.get("Origin");
    const crossSite = request.headers.get("Sec-Fetch-Site") === "cross-site";
    if ((origin && origin !== url.origin) || (!origin && crossSite)) {
      return jsonError(403, CROSS_SITE_REFUSED);
    }
  }
  if (!isApi) {
    const type = request.headers.get("Content-Type") ?? "";
    if (!FORM_CONTENT_TYPE.test(type)) return jsonError(415, "Content-Type must be a form");
    // A declared length was checked above; a chunked body is measured here.
    if (await bodyExceeds(request, MAX_BODY_BYTES)) return jsonError(413, "Request body is too large (limit 1 MB)");
    if (/^multipart\//i.test(type)) {
      try {
        await request.clone().formData();
      } catch {
        return jsonError(400, "Malformed form data");
      }
    }
  }
  return null;
}

/**
 * OPTIONS (decision 117): the methods the app takes, with no body; no loader runs, so it reads
 * nothing and tells nothing. There is no CORS (the API is same-origin or server to server), so a
 * preflight gets no Access-Control-* headers and the browser stops there.
 */
function optionsAnswer(request: Request): Response {
  const { pathname } = new URL(request.url);
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  const allow = isApi ? "GET, HEAD, POST, PATCH, DELETE, OPTIONS" : "GET, HEAD, POST, OPTIONS";
  return new Response(null, { status: 204, headers: { Allow: allow, "Cache-Control": "no-store" } });
}

/** Reads a copy of the body, stopping as soon as it holds more than `limit` bytes. */
async function bodyExceeds(request: Request, limit: number): Promise<boolean> {
  const reader = request.clone().body?.getReader();
  if (!reader) return false;
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return false;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return true;
    }
  }
}
