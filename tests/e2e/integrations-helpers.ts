import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const NEW_KEY_WARNING = "Copy this key now. You won't be able to see it again.";

/** Opens `path` and waits for its heading. */
export async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
}

export function keyRow(page: Page, name: string) {
  return page.getByTestId("api-key-row").filter({ has: page.getByRole("cell", { name, exact: true }) });
}

/** A local HTTP receiver for webhooks (the e2e server allows http://127.0.0.1 while developing). */
export async function startReceiver(status = 200) {
  const received: Array<{ headers: IncomingHttpHeaders; raw: string; body: { id: string; type: string; data: unknown } }> = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(status, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/warm-intros`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
