import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type Records = { A?: string[]; AAAA?: string[]; CNAME?: string };

/**
 * A local stand-in for a DNS-over-HTTPS JSON resolver (`GET /dns-query?name=&type=`, answering
 * `application/dns-json` as cloudflare-dns.com does): the tests have no internet, and a test must be
 * able to point a name inside, or change its answer between two lookups (DNS rebinding). A name it
 * does not know is NXDOMAIN (Status 3); `failing` makes every lookup answer 502.
 */
export async function startDnsStub() {
  const zone = new Map<string, Records>();
  const asked: { name: string; type: string }[] = [];
  let failing = false;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const name = (url.searchParams.get("name") ?? "").toLowerCase();
    const type = url.searchParams.get("type") ?? "A";
    asked.push({ name, type });
    if (failing || req.headers.accept !== "application/dns-json") {
      res.writeHead(502).end("upstream failed");
      return;
    }
    const records = zone.get(name);
    const code = type === "AAAA" ? 28 : 1;
    const answer = [
      ...(records?.CNAME ? [{ name: `${name}.`, type: 5, TTL: 60, data: `${records.CNAME}.` }] : []),
      ...((type === "AAAA" ? records?.AAAA : records?.A) ?? []).map((data) => ({ name: `${name}.`, type: code, TTL: 0, data })),
    ];
    res.writeHead(200, { "Content-Type": "application/dns-json" }).end(
      JSON.stringify({
        Status: records ? 0 : 3,
        TC: false,
        RD: true,
        RA: true,
        AD: false,
        CD: false,
        Question: [{ name: `${name}.`, type: code }],
        ...(answer.length ? { Answer: answer } : {}),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/dns-query`,
    set: (name: string, records: Records) => zone.set(name, records),
    asked,
    fail: (on: boolean) => {
      failing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
