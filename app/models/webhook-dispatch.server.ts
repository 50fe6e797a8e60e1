import type { Database } from "../utils/db.server";
import { isDevelopment } from "../utils/env.server";
import { DEFAULT_RETRY_BASE_MS, type DispatchOptions, deliverDueWebhooks } from "./webhooks.server";

/** Local development (`npm start`, tests) may send webhooks to localhost; production never does. */
export function allowsLocalWebhooks(env: CloudflareEnv): boolean {
  return isDevelopment(env);
}

function dispatchOptions(env: CloudflareEnv): DispatchOptions {
  const base = Number(env.WEBHOOK_RETRY_BASE_MS);
  return {
    retryBaseMs: Number.isFinite(base) && base >= 0 && env.WEBHOOK_RETRY_BASE_MS ? base : DEFAULT_RETRY_BASE_MS,
    allowLocalhost: allowsLocalWebhooks(env),
  };
}

/** The scheduled job's webhook part: every delivery that is due, first tries and retries alike. */
export function deliverDueWebhooksFor(db: Database, env: CloudflareEnv) {
  return deliverDueWebhooks(db, dispatchOptions(env));
}
