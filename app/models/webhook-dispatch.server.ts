import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDatabase, type Database } from "../utils/db.server";
import { pruneIdempotencyKeys } from "../utils/idempotency.server";
import { DEFAULT_RETRY_BASE_MS, type DispatchOptions, deliverDueWebhooks } from "./webhooks.server";

/** Local development (`npm start`, tests) may send webhooks to localhost; production never does. */
export function allowsLocalWebhooks(env: CloudflareEnv): boolean {
  return env.ENVIRONMENT === "development";
}

function dispatchOptions(env: CloudflareEnv): DispatchOptions {
  const base = Number(env.WEBHOOK_RETRY_BASE_MS);
  return { retryBaseMs: Number.isFinite(base) && base >= 0 && env.WEBHOOK_RETRY_BASE_MS ? base : DEFAULT_RETRY_BASE_MS };
}

function send(db: Database, env: CloudflareEnv) {
  return deliverDueWebhooks(db, dispatchOptions(env)).catch((error) =>
    console.error(JSON.stringify({ event: "webhook_dispatch_failed", error: String(error) })),
  );
}

/** After a change that wrote webhook events: send them once the response has gone. */
export function dispatchWebhooksAfterResponse(context: AppLoadContext) {
  context.cloudflare.ctx.waitUntil(send(context.db(), context.cloudflare.env));
}

let lastSweep = 0;

/**
 * Retries come due with no request to carry them (Pages has no cron), so any request may sweep the
 * due deliveries after its response, at most once per interval per isolate.
 */
export function sweepWebhooksAfterResponse(env: CloudflareEnv, waitUntil: (promise: Promise<unknown>) => void) {
  const interval = env.WEBHOOK_SWEEP_INTERVAL_MS ? Number(env.WEBHOOK_SWEEP_INTERVAL_MS) : 15_000;
  const now = Date.now();
  if (now - lastSweep < interval || (!env.DB && !env.LIBSQL_URL)) return;
  lastSweep = now;
  const db = createDatabase(env);
  waitUntil(Promise.all([send(db, env), pruneIdempotencyKeys(db).catch(() => undefined)]));
}
