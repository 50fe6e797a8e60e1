import type { AppLoadContext } from "@remix-run/cloudflare";
import { jsonError, MAX_BODY_BYTES } from "./api.server";
import { randomToken } from "./crypto.server";
import { createDatabase, type Database } from "./db.server";
import { SESSION_COOKIE_NAME } from "./session.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Checks made before Remix sees a request: oversized bodies are refused, and a mutation that
 * carries our session cookie from another origin is refused (CSRF). Returns a response to send
 * instead, or null to go on.
 */
export function guardRequest(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_BODY_BYTES) return jsonError(413, "Request body is too large (limit 1 MB)");
  const cookie = request.headers.get("Cookie") ?? "";
  if (cookie.includes(`${SESSION_COOKIE_NAME}=`)) {
    const origin = request.headers.get("Origin");
    const ownOrigin = new URL(request.url).origin;
    const crossSite = request.headers.get("Sec-Fetch-Site") === "cross-site";
    if ((origin && origin !== ownOrigin) || (!origin && crossSite)) {
      return jsonError(403, "Cross-site request refused");
    }
  }
  return null;
}

export function getLoadContext({
  context,
}: {
  context: { cloudflare: { env: CloudflareEnv; ctx: { waitUntil: (p: Promise<unknown>) => void } } };
}): AppLoadContext {
  const { env, ctx } = context.cloudflare;
  let db: Database | undefined;
  return {
    cloudflare: { env, ctx },
    db: () => {
      db ??= createDatabase(env);
      return db;
    },
    memo: new Map(),
    nonce: randomToken(16),
  };
}
