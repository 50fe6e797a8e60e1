import { isSpecialAddress } from "./webhook-url.server";

/**
 * Resolving a webhook's host before a send (decision 114). A Worker has no resolver of its own, so
 * the name is asked of a DNS-over-HTTPS resolver (Cloudflare's JSON API by default) for A and AAAA;
 * any special-purpose answer (loopback, private, link-local, metadata, …) refuses the send, and a
 * lookup that fails is a failure of its own, retried like a network error.
 */
export const DEFAULT_DOH_URL = "https://cloudflare-dns.com/dns-query";
/** A lookup that has not answered by then failed (the delivery itself has 10 s). */
export const DNS_LOOKUP_TIMEOUT_MS = 5_000;

export type ResolvedHost =
  | { verdict: "public"; addresses: string[] }
  | { verdict: "private"; address: string }
  | { verdict: "lookup_failed" };
export type HostResolver = (host: string) => Promise<ResolvedHost>;

const RECORD_TYPES = { A: 1, AAAA: 28 } as const;
/** NOERROR; NXDOMAIN (3) and every other code count as a failed lookup. */
const NOERROR = 0;

type DohAnswer = { Status?: unknown; Answer?: { type?: unknown; data?: unknown }[] };

/** The addresses of one record type, or null when the resolver did not answer it properly. */
async function lookup(
  dohUrl: string,
  fetcher: typeof fetch,
  host: string,
  type: keyof typeof RECORD_TYPES,
): Promise<string[] | null> {
  const url = new URL(dohUrl);
  url.searchParams.set("name", host);
  url.searchParams.set("type", type);
  try {
    const response = await fetcher(url.toString(), {
      headers: { Accept: "application/dns-json" },
      redirect: "manual",
      signal: AbortSignal.timeout(DNS_LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    const body = (await response.json()) as DohAnswer;
    if (body.Status !== NOERROR) return null;
    // CNAME links (type 5) come before the addresses they lead to; only the addresses matter.
    return (body.Answer ?? []).filter((a) => a.type === RECORD_TYPES[type]).map((a) => String(a.data));
  } catch {
    return null;
  }
}

/**
 * A resolver over a DNS-over-HTTPS JSON endpoint (`application/dns-json`, as Cloudflare's and Google's
 * answer). Both families are asked at once; one private answer in either refuses the host, since the
 * platform may connect to any of them. No address at all, or either family unanswered, is a failure.
 */
export function dohResolver({
  url = DEFAULT_DOH_URL,
  fetcher = fetch,
}: {
  url?: string;
  fetcher?: typeof fetch;
} = {}): HostResolver {
  return async (host) => {
    const [v4, v6] = await Promise.all([lookup(url, fetcher, host, "A"), lookup(url, fetcher, host, "AAAA")]);
    if (v4 === null || v6 === null) return { verdict: "lookup_failed" };
    const addresses = [...v4, ...v6];
    const inside = addresses.find(isSpecialAddress);
    if (inside !== undefined) return { verdict: "private", address: inside };
    return addresses.length > 0 ? { verdict: "public", addresses } : { verdict: "lookup_failed" };
  };
}
