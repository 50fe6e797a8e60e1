/**
 * Where a webhook may point. Deliveries are made by our server, so an endpoint on a private or
 * loopback address would let a business probe our network (SSRF): only https to public hosts is
 * accepted, except http(s) to localhost while developing. Redirects are not followed when sending.
 */
export const WEBHOOK_HTTPS_REQUIRED = "Webhook URLs must use https";
export const WEBHOOK_PRIVATE_REFUSED = "Webhook URLs must not point at a private or local address";

const LOCAL_NAMES = /^(localhost|.*\.localhost|.*\.local|.*\.internal|.*\.lan|.*\.home\.arpa)$/i;

function ipv4Parts(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : null;
}

function isPrivateIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

function isPrivateIpv6(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "::" || h === "::1") return true;
  // IPv4-mapped addresses (::ffff:10.0.0.1) carry the IPv4 rules; URL() writes them in hex.
  if (h.startsWith("::ffff:")) return true;
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(h);
}

function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === "localhost" || h === "127.0.0.1" || h === "[::1]";
}

/** Null when `raw` is an acceptable webhook URL, else the reason it is not. */
export function webhookUrlProblem(raw: string, { allowLocalhost = false } = {}): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Please enter a valid URL";
  }
  if (url.username || url.password) return "Webhook URLs must not contain credentials";
  const host = url.hostname;
  if (allowLocalhost && isLoopbackHost(host) && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return WEBHOOK_HTTPS_REQUIRED;
  const v4 = ipv4Parts(host);
  if (v4 && isPrivateIpv4(v4)) return WEBHOOK_PRIVATE_REFUSED;
  if (host.startsWith("[") && isPrivateIpv6(host)) return WEBHOOK_PRIVATE_REFUSED;
  if (!v4 && !host.startsWith("[") && (LOCAL_NAMES.test(host) || !host.includes("."))) return WEBHOOK_PRIVATE_REFUSED;
  return null;
}
