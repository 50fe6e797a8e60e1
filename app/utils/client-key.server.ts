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
  const groups = ipv6Groups(text);
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

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 read), or null. */
function ipv6Groups(text: string): number[] | null {
  const address = text.split("%")[0] ?? "";
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => {
    if (part === "") return [];
    const out: number[] = [];
    for (const piece of part.split(":")) {
      if (piece.includes(".")) {
        const bytes = piece.split(".").map(Number);
        if (bytes.length !== 4 || bytes.some((b) => !Number.isInteger(b) || b < 0 || b > 255)) return null;
        out.push(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0), ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0));
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(piece)) return null;
        out.push(Number.parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = parse(halves[0] ?? "");
  const tail = halves.length === 2 ? parse(halves[1] ?? "") : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...Array(missing).fill(0), ...tail];
}
