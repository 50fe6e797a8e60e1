import { ipv4Octets, ipv6Groups as ipv6GroupsOf } from "./ip-address.server";

/**
 * Where a webhook may point. Deliveries are made by our server, so an endpoint on a private or
 * loopback address would let a business probe our network (SSRF): only https on port 443 to public
 * hosts is accepted, except http(s) to loopback while developing. The same check runs when an
 * endpoint is created and again right before every delivery (decision 051), on the host as the URL
 * parser normalises it (IPv4 in any literal form becomes a dotted quad, IPv6 is compressed) with
 * trailing dots dropped and case folded. Redirects are never followed when sending.
 */
export const WEBHOOK_HTTPS_REQUIRED = "Webhook URLs must use https";
export const WEBHOOK_PRIVATE_REFUSED = "Webhook URLs must not point at a private or local address";
export const WEBHOOK_PORT_REFUSED = "Webhook URLs must use the standard https port (443)";

/** Special-use and internal names (RFC 6761, 6762, 8375, ICANN's .internal) and cloud metadata names. */
const INTERNAL_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "lan",
  "intranet",
  "corp",
  "home",
  "private",
  "home.arpa",
  "arpa",
  "test",
  "invalid",
  "example",
  "onion",
  "metadata.goog",
];

/**
 * Public wildcard-DNS services whose names resolve to an address of the caller's choosing (often the
 * one written in the name): a host under any of them can point anywhere, inside included.
 */
const WILDCARD_DNS_SUFFIXES = [
  "nip.io",
  "sslip.io",
  "xip.io",
  "xip.name",
  "nip.direct",
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "lacolhost.com",
  "traefik.me",
  "localhost.direct",
  "local.gd",
  "fuf.me",
];

const underSuffix = (host: string, suffixes: string[]) => suffixes.some((s) => host === s || host.endsWith(`.${s}`));

/** Anything but ordinary public unicast: RFC 6890's special-purpose registry, in short. */
function isSpecialIpv4([a = 0, b = 0, c = 0]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // CGNAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 192 && b === 88 && c === 99) || // 6to4 relay anycast
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // TEST-NET-3
    a >= 224 // multicast, reserved, broadcast
  );
}

/** The eight 16-bit groups of a bracketed IPv6 literal as URL() writes it, else null. */
function ipv6Groups(host: string): number[] | null {
  return host.startsWith("[") && host.endsWith("]") ? ipv6GroupsOf(host.slice(1, -1)) : null;
}

/**
 * Only global unicast (2000::/3) outside its special blocks. Everything else is refused whatever it
 * embeds: ::/96 IPv4-compatible, ::ffff:0:0/96 IPv4-mapped, 64:ff9b::/96 and 64:ff9b:1::/48 NAT64,
 * 100::/64 discard, fc00::/7 unique-local, fe80::/10 link-local, fec0::/10 site-local, ff00::/8
 * multicast, loopback and unspecified; inside 2000::/3, 2001::/23 (Teredo 2001::/32 among them),
 * 2001:db8::/32 and 3fff::/20 documentation, and 2002::/16 6to4.
 */
function isSpecialIpv6([g0 = 0, g1 = 0]: number[]): boolean {
  if ((g0 & 0xe000) !== 0x2000) return true;
  if (g0 === 0x2001 && g1 < 0x0200) return true;
  if (g0 === 0x2001 && g1 === 0x0db8) return true;
  if (g0 === 0x2002) return true;
  if ((g0 & 0xfff0) === 0x3ff0) return true;
  return false;
}

/** Four all-digit labels in a row: a dotted IPv4 address inside a name, how wildcard DNS is asked. */
const EMBEDDED_IPV4 = /(^|\.)\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(\.|$)/;
/** What development may call over http(s) (normalised hosts). */
const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The host as compared: lower case, without the trailing dots that make a name fully qualified. */
export function normalizedHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.+$/, "");
}

/** Whether a host (normalised) is inside: special names, wildcard DNS, special IPv4 and IPv6. */
function isInsideHost(host: string): boolean {
  if (host === "") return true;
  const v4 = ipv4Octets(host);
  if (v4) return isSpecialIpv4(v4);
  if (host.startsWith("[")) {
    const groups = ipv6Groups(host);
    return groups === null || isSpecialIpv6(groups);
  }
  if (!host.includes(".")) return true; // single-label names resolve through search domains, inside
  if (underSuffix(host, INTERNAL_SUFFIXES) || underSuffix(host, WILDCARD_DNS_SUFFIXES)) return true;
  return EMBEDDED_IPV4.test(host);
}

/**
 * Whether an address as a DNS answer writes it (a dotted quad, or IPv6 without brackets) is anything
 * but ordinary public unicast; an answer that is neither form counts as special (refused).
 */
export function isSpecialAddress(address: string): boolean {
  const text = address.trim().toLowerCase();
  const v4 = ipv4Octets(text);
  if (v4) return isSpecialIpv4(v4);
  const groups = ipv6GroupsOf(text);
  return groups === null || isSpecialIpv6(groups);
}

/**
 * The name to resolve before a send to an acceptable URL (decision 114), or null when there is none:
 * an IP literal (already judged by webhookUrlProblem) or development's own loopback.
 */
export function hostToResolve(raw: string, { allowLocalhost = false } = {}): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const host = normalizedHost(url);
  if (allowLocalhost && loopbackHosts.has(host)) return null;
  if (ipv4Octets(host) || host.startsWith("[")) return null;
  return host;
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
  const host = normalizedHost(url);
  const web = url.protocol === "http:" || url.protocol === "https:";
  if (allowLocalhost && web && loopbackHosts.has(host)) return null;
  if (url.protocol !== "https:") return WEBHOOK_HTTPS_REQUIRED;
  if (isInsideHost(host)) return WEBHOOK_PRIVATE_REFUSED;
  // URL() drops ":443" for https, so any port left is a non-standard one.
  if (url.port !== "") return WEBHOOK_PORT_REFUSED;
  return null;
}
