import type { Database } from "../../utils/db.server";
import { isDevelopment } from "../../utils/env.server";
import { DEFAULT_DOH_URL, dohResolver, type HostResolver } from "../../utils/webhook-dns.server";
import type { SystemActor } from "../parties/system.server";
import { DEFAULT_RETRY_BASE_MS, type DispatchOptions, deliverDueWebhooks } from "./webhook-sending.server";

/** Local development (`npm start`, tests) may send webhooks to localhost; production never does. */
export function allowsLocalWebhooks(env: CloudflareEnv): boolean {
  return isDevelopment(env);
}

/**
 * How webhook names are resolved before creation and every send (decision 114): DNS over HTTPS at
 * WEBHOOK_DOH_URL (default Cloudflare's JSON endpoint; the tests point it at a local stand-in).
 */
export function webhookResolver(env: CloudflareEnv): HostResolver {
  return dohResolver({ url: env.WEBHOOK_DOH_URL || DEFAULT_DOH_URL });
}

/** What creating an endpoint checks its URL with (the same rules as every send). */
export function webhookDestinationRules(env: CloudflareEnv) {
  return { allowLocalhost: allowsLocalWebhooks(env), resolveHost: webhookResolver(env) };
}

function dispatchOptions(env: CloudflareEnv): DispatchOptions {
  const base = Number(env.WEBHOOK_RETRY_BASE_MS);
  return {
    retryBaseMs: Number.isFinite(base) && base >= 0 && env.WEBHOOK_RETRY_BASE_MS ? base : DEFAULT_RETRY_BASE_MS,
    ...webhookDestinationRules(env),
  };
}

/** The scheduled job's webhook part: every delivery that is due, first tries and retries alike. */
export function deliverDueWebhooksFor(db: Database, system: SystemActor, env: CloudflareEnv) {
  return deliverDueWebhooks(db, system, dispatchOptions(env));
}
