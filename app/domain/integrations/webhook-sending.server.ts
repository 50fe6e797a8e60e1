import { and, eq, inArray, lte } from "drizzle-orm";
import { type WebhookEndpoint, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { standardWebhookHeaders } from "../../utils/standard-webhooks.server";
import type { HostResolver } from "../../utils/webhook-dns.server";
import { hostToResolve, webhookUrlProblem } from "../../utils/webhook-url.server";
import type { SystemActor } from "../parties/system.server";
import { previousSecretOf } from "./webhooks.server";

// Sending the webhook outbox (decisions 024, 051, 114): what the clock does with due deliveries, and how
// each is signed. Queueing is effects/webhook-outbox.server.ts.

/**
 * A delivery is tried this many times in all, waiting base·2^(n-1) after the n-th failure, at most
 * MAX_RETRY_DELAY_MS: with the defaults, retries span about 8 hours, so a receiver down for an hour
 * (or a few) still gets everything once it is back.
 */
export const MAX_DELIVERY_ATTEMPTS = 12;
export const DEFAULT_RETRY_BASE_MS = 30_000;
export const MAX_RETRY_DELAY_MS = 2 * 60 * 60_000;
/** A request that has not answered by then counts as a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** While one worker sends a delivery, others leave it alone for this long. */
const CLAIM_LEASE_MS = 60_000;
// ——— Sending ———

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Legacy scheme: HMAC-SHA-256 of `${timestamp}.${body}` with the endpoint's secret (the whole `whsec_…` string). */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`)));
}

/**
 * Legacy scheme: the `Webhook-Signature` header `t=<unix seconds>,v1=<hex signature>`, with one `v1` per secret
 * (the current one first; during a rotation's overlap, the previous one too). A receiver accepts the
 * delivery when any `v1` matches its secret.
 */
export async function signatureHeader(secrets: string | string[], body: string, now = Date.now()): Promise<string> {
  const timestamp = Math.floor(now / 1000);
  const signatures = await Promise.all([secrets].flat().map((secret) => signWebhook(secret, timestamp, body)));
  return [`t=${timestamp}`, ...signatures.map((signature) => `v1=${signature}`)].join(",");
}

/** The secrets a delivery sent at `at` is signed with: the current one, and the previous while it lasts. */
function signingSecrets(e: Pick<WebhookEndpoint, "secret" | "previousSecret" | "previousSecretExpiresAt">, at: number): string[] {
  const previous = previousSecretOf(e, at);
  return previous ? [e.secret, previous.secret] : [e.secret];
}

type SigningEndpoint = Pick<WebhookEndpoint, "secret" | "previousSecret" | "previousSecretExpiresAt" | "signatureScheme">;

/**
 * The signature headers of one delivery. Standard Webhooks: `webhook-id` (the event id, the same on
 * every retry), `webhook-timestamp` and `webhook-signature` (`v1,<base64>` per secret, space-separated).
 * Legacy: `Webhook-Id` and `Webhook-Signature: t=…,v1=<hex>`; the two cannot travel together, as
 * both use the header name `webhook-signature`.
 */
export async function deliverySignatureHeaders(
  endpoint: SigningEndpoint,
  eventId: string,
  body: string,
  at: number,
): Promise<Record<string, string>> {
  const secrets = signingSecrets(endpoint, at);
  if (endpoint.signatureScheme === "standard") return standardWebhookHeaders(secrets, eventId, body, at);
  return { "Webhook-Id": eventId, "Webhook-Signature": await signatureHeader(secrets, body, at) };
}

export type DispatchOptions = {
  fetcher?: typeof fetch;
  /** Development only: loopback endpoints may be sent to (the same rule as at creation). */
  allowLocalhost?: boolean;
  /** Resolves each endpoint's name right before its send (decision 114); unset, names are not resolved. */
  resolveHost?: HostResolver;
  retryBaseMs?: number;
  limit?: number;
  now?: () => number;
};

export function nextRetryDelay(attempts: number, baseMs = DEFAULT_RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/**
 * What a failed attempt leaves in `lastError`: a short classification, never the receiver's answer
 * (decision 051). `http_<status>` for a non-2xx, non-3xx answer; `redirect` for a 3xx (never
 * followed); `timeout`; `network_error`; `dns_error` when the name could not be resolved right
 * before the send (retried); `blocked_destination` when the URL, or an address its name resolves to,
 * is refused at send time (failed at once, not retried); `endpoint_removed` when the event or
 * endpoint is gone.
 */
export type DeliveryError =
  | `http_${number}`
  | "redirect"
  | "timeout"
  | "network_error"
  | "dns_error"
  | "blocked_destination"
  | "endpoint_removed";

/**
 * Sends the deliveries that are due: claims them (so concurrent workers do not double-send), checks
 * each URL again, posts each signed event with a timeout and without following redirects, and records
 * the outcome: 2xx is success; a refused URL fails at once; anything else is retried with exponential
 * backoff until the attempts run out.
 */
export async function deliverDueWebhooks(db: Database, _system: SystemActor, options: DispatchOptions = {}): Promise<number> {
  const {
    fetcher = fetch,
    retryBaseMs = DEFAULT_RETRY_BASE_MS,
    limit = 10,
    now = Date.now,
    allowLocalhost = false,
    resolveHost,
  } = options;
  const startedAt = now();
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, new Date(startedAt))))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit);
  const claimed = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(startedAt + CLAIM_LEASE_MS) })
    .where(and(inArray(webhookDeliveries.id, due), eq(webhookDeliveries.status, "pending")))
    .returning({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      endpointId: webhookDeliveries.endpointId,
      attempts: webhookDeliveries.attempts,
    });
  if (claimed.length === 0) return 0;
  const [events, endpoints] = await db.batch([
    db
      .select({ id: webhookEvents.id, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(
        inArray(
          webhookEvents.id,
          claimed.map((c) => c.eventId),
        ),
      ),
    db
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        previousSecret: webhookEndpoints.previousSecret,
        previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
        signatureScheme: webhookEndpoints.signatureScheme,
      })
      .from(webhookEndpoints)
      .where(
        inArray(
          webhookEndpoints.id,
          claimed.map((c) => c.endpointId),
        ),
      ),
  ]);
  const payloadOf = new Map(events.map((e) => [e.id, e.payload]));
  const endpointOf = new Map(endpoints.map((e) => [e.id, e]));

  const outcomes = await Promise.all(
    claimed.map(async (delivery) => {
      const body = payloadOf.get(delivery.eventId);
      const endpoint = endpointOf.get(delivery.endpointId);
      const sentAt = now();
      let responseStatus: number | null = null;
      let error: DeliveryError | null = null;
      // Checked again right before sending: rows stored under older rules must not reach inside.
      let blocked = endpoint ? webhookUrlProblem(endpoint.url, { allowLocalhost }) !== null : false;
      // And its name resolved now, not at creation: a name can be pointed inside at any time (DNS
      // rebinding). The platform's fetch resolves again on its own, so this narrows, not closes, the
      // gap (decision 114).
      const host = endpoint && !blocked && resolveHost ? hostToResolve(endpoint.url, { allowLocalhost }) : null;
      const resolved = host && resolveHost ? await resolveHost(host) : null;
      if (resolved?.verdict === "private") blocked = true;
      if (!body || !endpoint) {
        error = "endpoint_removed";
      } else if (blocked) {
        error = "blocked_destination";
      } else if (resolved?.verdict === "lookup_failed") {
        error = "dns_error";
      } else {
        try {
          const response = await fetcher(endpoint.url, {
            method: "POST",
            redirect: "manual",
            signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
            headers: {
              "Content-Type": "application/json",
              "User-Agent": "WarmIntros-Webhooks/1",
              "Webhook-Delivery": String(delivery.id),
              ...(await deliverySignatureHeaders(endpoint, delivery.eventId, body, sentAt)),
            },
            body,
          });
          responseStatus = response.status;
          // The answer's body is never read: it could carry the receiver's secrets (finding 3).
          await response.body?.cancel().catch(() => undefined);
          if (response.status >= 300 && response.status < 400) error = "redirect";
          else if (response.status < 200 || response.status >= 300) error = `http_${response.status}`;
        } catch (e) {
          const name = (e as Error)?.name;
          error = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network_error";
        }
      }
      const attempts = delivery.attempts + 1;
      const finished = now();
      const failedForGood = error !== null && (attempts >= MAX_DELIVERY_ATTEMPTS || !body || !endpoint || blocked);
      return {
        id: delivery.id,
        status: error === null ? ("succeeded" as const) : failedForGood ? ("failed" as const) : ("pending" as const),
        attempts,
        responseStatus,
        lastError: error,
        durationMs: finished - sentAt,
        lastAttemptAt: new Date(sentAt),
        nextAttemptAt: error === null || failedForGood ? null : new Date(finished + nextRetryDelay(attempts, retryBaseMs)),
      };
    }),
  );
  // Built after the sends: a query returned from an async function would be awaited, i.e. run alone.
  const [first, ...rest] = outcomes.map(({ id, ...outcome }) =>
    db.update(webhookDeliveries).set(outcome).where(eq(webhookDeliveries.id, id)),
  );
  if (first) await db.batch([first, ...rest]);
  return claimed.length;
}
