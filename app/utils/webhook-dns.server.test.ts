import { describe, expect, test } from "vitest";
import { dohResolver } from "./webhook-dns.server";
import { hostToResolve, isSpecialAddress } from "./webhook-url.server";

/** A DoH JSON endpoint answering from a table: `name type` → answer, else NXDOMAIN. */
function resolverOver(table: Record<string, { Status?: number; Answer?: { type: number; data: string }[] } | number>) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${url.searchParams.get("name")} ${url.searchParams.get("type")}`;
    asked.push(`${key} ${new Headers(init?.headers).get("Accept")}`);
    const entry = table[key];
    if (typeof entry === "number") return new Response("down", { status: entry });
    return Response.json(entry ?? { Status: 3 });
  }) as typeof fetch;
  return { resolve: dohResolver({ url: "https://doh.test/dns-query", fetcher }), asked };
}

// DNS record types: the two address families and the CNAME links the resolver skips.
const [A, CNAME, AAAA] = [1, 5, 28];
/** A NOERROR answer holding these records, each [type, data]. */
const answer = (...records: [type: number, data: string][]) => ({
  Status: 0,
  Answer: records.map(([type, data]) => ({ type, data })),
});

describe("dohResolver (decision 114)", () => {
  test("asks A and AAAA with the dns-json type; public answers pass, CNAME links are skipped", async () => {
    const { resolve, asked } = resolverOver({
      "hooks.example.net A": answer([CNAME, "edge.example.net."], [A, "93.184.215.14"]),
      "hooks.example.net AAAA": { Status: 0 },
    });
    expect(await resolve("hooks.example.net")).toEqual({ verdict: "public", addresses: ["93.184.215.14"] });
    expect(asked.sort()).toEqual(["hooks.example.net A application/dns-json", "hooks.example.net AAAA application/dns-json"]);
  });

  test("one special-purpose answer in either family refuses the host", async () => {
    const { resolve } = resolverOver({
      "a.example.net A": answer([A, "93.184.215.14"], [A, "10.1.2.3"]),
      "a.example.net AAAA": { Status: 0 },
      "b.example.net A": answer([A, "93.184.215.14"]),
      "b.example.net AAAA": answer([AAAA, "::ffff:7f00:1"]),
    });
    expect(await resolve("a.example.net")).toEqual({ verdict: "private", address: "10.1.2.3" });
    expect(await resolve("b.example.net")).toEqual({ verdict: "private", address: "::ffff:7f00:1" });
  });

  test("NXDOMAIN, a server error, no address at all or a thrown fetch are failed lookups", async () => {
    const { resolve } = resolverOver({
      "down.example.net A": 502,
      "down.example.net AAAA": { Status: 0 },
      "empty.example.net A": { Status: 0 },
      "empty.example.net AAAA": { Status: 0 },
      "servfail.example.net A": { Status: 2 },
      "servfail.example.net AAAA": { Status: 0 },
    });
    expect(await resolve("missing.example.net")).toEqual({ verdict: "lookup_failed" });
    expect(await resolve("down.example.net")).toEqual({ verdict: "lookup_failed" });
    expect(await resolve("empty.example.net")).toEqual({ verdict: "lookup_failed" });
    expect(await resolve("servfail.example.net")).toEqual({ verdict: "lookup_failed" });
    const throwing = dohResolver({ fetcher: (async () => Promise.reject(new TypeError("offline"))) as typeof fetch });
    expect(await throwing("hooks.example.net")).toEqual({ verdict: "lookup_failed" });
  });
});

describe("isSpecialAddress and hostToResolve", () => {
  test("answers are judged by the same ranges as literals", () => {
    for (const inside of [
      "127.0.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "64:ff9b::a9fe:a9fe",
      "garbage",
    ]) {
      expect(isSpecialAddress(inside), inside).toBe(true);
    }
    for (const outside of ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"])
      expect(isSpecialAddress(outside)).toBe(false);
  });

  test("names are resolved; IP literals and development's loopback are not", () => {
    expect(hostToResolve("https://Hooks.Example.NET./in")).toBe("hooks.example.net");
    expect(hostToResolve("https://93.184.215.14/in")).toBeNull();
    expect(hostToResolve("https://[2606:2800::1]/in")).toBeNull();
    expect(hostToResolve("http://localhost:8787/in", { allowLocalhost: true })).toBeNull();
    expect(hostToResolve("https://localhost/in")).toBe("localhost");
  });
});
