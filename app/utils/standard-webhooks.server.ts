/**
 * Standard Webhooks (https://www.standardwebhooks.com, decision 077): the secret format and the
 * signature headers that the `standardwebhooks` and `svix` libraries verify in any language.
 */

const SECRET_PREFIX = "whsec_";
const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** `whsec_` and 32 random bytes in standard (padded) base64: the key is those bytes, not the text. */
export function standardWebhookSecret(): string {
  return `${SECRET_PREFIX}${toBase64(crypto.getRandomValues(new Uint8Array(32)))}`;
}

/**
 * The HMAC key of a secret: the base64 after `whsec_`, decoded. A secret that is not base64 (one
 * made for the legacy scheme, base64url) is used as its UTF-8 text, so it still signs something a
 * receiver holding that text could check; new secrets are always base64.
 */
function keyBytes(secret: string): Uint8Array<ArrayBuffer> {
  const body = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(body) && body.length % 4 === 0) {
    return Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  }
  return encoder.encode(secret);
}

/** base64 HMAC-SHA-256 of `${id}.${timestamp}.${body}`. */
export async function standardSignature(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", keyBytes(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toBase64(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${id}.${timestamp}.${body}`))));
}

/** `webhook-id`, `webhook-timestamp` (unix seconds) and `webhook-signature` with one `v1,<base64>` per secret. */
export async function standardWebhookHeaders(
  secrets: string[],
  id: string,
  body: string,
  now = Date.now(),
): Promise<Record<string, string>> {
  const timestamp = Math.floor(now / 1000);
  const signatures = await Promise.all(secrets.map((secret) => standardSignature(secret, id, timestamp, body)));
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatures.map((signature) => `v1,${signature}`).join(" "),
  };
}
