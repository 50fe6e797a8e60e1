import { ipv6Groups } from "./ip-address.server";

/**
 * Who is asking, for every per-client limit (decisions 047 and 111): Cloudflare's client address,
 * an IPv4 address as it is and an IPv6 address as its /64, the block one home or host is handed (so
 * a host rotating through its own /64 is one client). "unknown" without an address (a bare local
 * request): one shared key.
 */
export function clientKeyOf(request: Request): string {
  return clientKeyOfAddress(request.headers.get("CF-Connecting-IP"));
}

export function clientKeyOfAddress(address: string | null | undefined): string {
  const text = address?.trim().toLowerCase() ?? "";
  if (!text) return "unknown";
  if (!text.includes(":")) return text;
  // A zone (fe80::1%eth0) names the host's interface, not another client.
  const groups = ipv6Groups(text.split("%")[0] ?? "");
  if (!groups) return text;
  // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] ?? 0, groups[7] ?? 0].flatMap((g) => [g >> 8, g & 0xff]).join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
