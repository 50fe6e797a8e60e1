const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Bytes as base64url without padding (RFC 4648 §5): three bytes to four characters by table, not
 * through a binary string, btoa and three replaces (a few tokens a request: webhook event ids, ...).
 */
export function base64Url(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out +=
      BASE64URL.charAt(n >> 18) + BASE64URL.charAt((n >> 12) & 63) + BASE64URL.charAt((n >> 6) & 63) + BASE64URL.charAt(n & 63);
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = ((bytes[i] as number) << 16) | (rest === 2 ? (bytes[i + 1] as number) << 8 : 0);
    out += BASE64URL.charAt(n >> 18) + BASE64URL.charAt((n >> 12) & 63) + (rest === 2 ? BASE64URL.charAt((n >> 6) & 63) : "");
  }
  return out;
}

/** Random URL-safe token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * What a mailed link's token (randomToken) is stored as, its SHA-256; null for what cannot be one of
 * ours, so an absurd value costs no hashing and no query.
 */
export async function linkTokenHash(token: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  return sha256Hex(token);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** HMAC-SHA-256 of `message` under `secret`, base64url: a signature a link can carry. */
export async function hmacSign(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message))));
}

/** Compares two strings in time independent of where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
