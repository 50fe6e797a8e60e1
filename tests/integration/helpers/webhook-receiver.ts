import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach } from "vitest";

export type Received = { headers: IncomingHttpHeaders; body: string; path: string };

/** A local HTTP receiver: records every request and answers with the next status queued (default 200). */
export async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body, path: req.url ?? "" });
      const status = statuses.shift() ?? 200;
      // An error answer that leaks a secret, as the review's test receiver did: it must never be stored.
      const headers = {
        "Content-Type": "text/plain",
        ...(status >= 300 && status < 400 ? { Location: "http://127.0.0.1:9/inside" } : {}),
      };
      res.writeHead(status, headers).end(status === 200 ? "ok" : "receiver is down: db_password=hunter2");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    forPath: (path: string) => received.filter((r) => r.path === path),
    failNext: (...codes: number[]) => statuses.push(...codes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A receiver for the whole file: started before its tests, emptied before each one, closed after.
 * The object is there at once (filled when it starts), so a file can name it at the top.
 */
export function receiverPerFile(): Receiver {
  const receiver = {} as Receiver;
  beforeAll(async () => {
    Object.assign(receiver, await startReceiver());
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });
  afterAll(() => receiver.close());
  return receiver;
}

/**
 * Verifies a delivery with the published Standard Webhooks library, as the docs tell integrators to
 * (never with our own code): true when it verifies, false when the library refuses it.
 */
export function verifiesWithLibrary(secret: string, hit: Received | undefined, body = hit?.body ?? ""): boolean {
  try {
    new Webhook(secret).verify(body, hit?.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

/** A legacy endpoint's check (decision 077), as the docs' legacy section gives it: HMAC-SHA-256 of `${t}.${body}`. */
export function verifiesLegacy(secret: string, hit: Received | undefined, toleranceSeconds = 300): boolean {
  const header = String(hit?.headers["webhook-signature"] ?? "");
  const body = hit?.body ?? "";
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=") as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds || !parts.v1) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}
