/**
 * IP addresses as text, for the webhook destination rules (decisions 051, 114) and the per-client key
 * of every limit (decision 111): one parser, so both read an address alike.
 */

/** The four octets of a dotted quad (what URL() makes of every IPv4 literal), else null. */
export function ipv4Octets(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((n) => n <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (no brackets, no zone; `::` expanded, a dotted IPv4 tail read), else null. */
export function ipv6Groups(address: string): number[] | null {
  let text = address;
  // URL() writes an embedded IPv4 tail in hex, but accept the dotted form too.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const octets = ipv4Octets(v4);
    if (!octets) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail, ...rest] = text.split("::");
  if (rest.length > 0) return null;
  const parse = (s: string) =>
    s === "" ? [] : s.split(":").map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? Number.parseInt(g, 16) : Number.NaN));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = 8 - left.length - right.length;
  if (tail === undefined ? fill !== 0 : fill < 1) return null;
  const groups = [...left, ...Array<number>(fill).fill(0), ...right];
  return groups.some(Number.isNaN) ? null : groups;
}
