import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type TestApp } from "./helpers/app";
import { startDnsStub } from "./helpers/dns-stub";
import { type Business, newBusiness } from "./helpers/parties";
import { errorOf } from "./helpers/responses";
import { startReceiver } from "./helpers/webhook-receiver";
import { postEndpoint } from "./helpers/webhooks";

/**
 * Issue 32, finding 4: names that resolve inside (https://localh.st/, *.rbndr.us, DNS rebinding) were
 * accepted and sent to. Names are now resolved (DNS over HTTPS, here a local stand-in) at creation and
 * right before every send; a private answer refuses, a failed lookup is retried as `dns_error`.
 */
let app: TestApp;
let dns: Awaited<ReturnType<typeof startDnsStub>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: Business;

beforeAll(async () => {
  dns = await startDnsStub();
  receiver = await startReceiver();
  app = await startApp({ WEBHOOK_DOH_URL: dns.url, WEBHOOK_RETRY_BASE_MS: "300" });
  owner = await newBusiness(app);
});
afterAll(async () => {
  await app?.dispose();
  await dns?.close();
  await receiver?.close();
});

const PRIVATE = "Webhook URLs must not point at a private or local address";
type Delivery = { id: number; status: string; attempts: number; lastError: string | null; nextAttemptAt: string | null };

async function create(url: string) {
  return postEndpoint(owner, url, ["referral.created"]);
}

/** Queues a test event to the endpoint, runs the clock once, and answers the endpoint's newest delivery. */
async function sendOnce(endpointId: number) {
  expect((await owner.client.post(`/api/webhooks/${endpointId}/test`)).status).toBe(202);
  await app.scheduled();
  const res = await owner.client.get(`/api/webhooks/${endpointId}/deliveries`);
  const [newest] = (await res.json()) as Delivery[];
  return newest;
}

describe("webhook names are resolved (issue 32, finding 4)", () => {
  test("creation refuses names whose A or AAAA answers are private or special-purpose, and takes public ones", async () => {
    dns.set("localh.st", { A: ["127.0.0.1"], AAAA: ["::1"] });
    dns.set("7f000001.c0a80001.rbndr.us", { A: ["192.168.0.1"] });
    dns.set("metadata.evil-corp.example.net", { CNAME: "inside.evil-corp.example.net", A: ["169.254.169.254"] });
    dns.set("v6.evil-corp.example.net", { A: ["93.184.215.14"], AAAA: ["fd00::1"] });
    dns.set("mapped.evil-corp.example.net", { AAAA: ["::ffff:10.0.0.1"] });
    dns.set("hooks.partner.example.net", { A: ["93.184.215.14"], AAAA: ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"] });
    for (const url of [
      "https://localh.st/",
      "https://7f000001.c0a80001.rbndr.us/hook",
      "https://metadata.evil-corp.example.net/latest",
      "https://v6.evil-corp.example.net/hook",
      "https://mapped.evil-corp.example.net/hook",
    ]) {
      const res = await create(url);
      expect(res.status, url).toBe(422);
      expect(await errorOf(res), url).toEqual({ message: PRIVATE, errors: { url: [PRIVATE] } });
    }
    expect(await app.query("select url from webhook_endpoints where business_id = ?", owner.business.id)).toEqual([]);
    // Both families were asked for each name.
    expect(
      dns.asked
        .filter((q) => q.name === "localh.st")
        .map((q) => q.type)
        .sort(),
    ).toEqual(["A", "AAAA"]);

    const ok = await create("https://hooks.partner.example.net/in");
    expect(ok.status).toBe(201);
    // A name that does not resolve yet is taken (receivers are often registered before their DNS).
    expect((await create("https://not-yet.partner.example.net/in")).status).toBe(201);
  });

  test("DNS rebinding: public at creation, inside at send time: not sent, failed as blocked_destination, not retried", async () => {
    dns.set("rebind.partner.example.net", { A: ["93.184.215.14"] });
    const res = await create("https://rebind.partner.example.net/hook");
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    dns.set("rebind.partner.example.net", { A: ["127.0.0.1"] });
    const before = dns.asked.length;
    const delivery = await sendOnce(id);
    expect(delivery).toMatchObject({ status: "failed", attempts: 1, lastError: "blocked_destination", nextAttemptAt: null });
    // Resolved again right before the send.
    expect(dns.asked.slice(before).filter((q) => q.name === "rebind.partner.example.net").length).toBe(2);
  });

  test("a failed lookup is its own class, dns_error, and is retried; a public answer goes on to the send", async () => {
    dns.set("flaky.partner.example.net", { A: ["93.184.215.14"] });
    const res = await create("https://flaky.partner.example.net/hook");
    const { id } = (await res.json()) as { id: number };
    dns.fail(true);
    try {
      const failed = await sendOnce(id);
      expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: "dns_error" });
      expect(failed?.nextAttemptAt).not.toBeNull();
    } finally {
      dns.fail(false);
    }
    // Resolved to a public address, the send is made (this machine has no internet: it fails as a
    // network error, after the name passed).
    await new Promise((r) => setTimeout(r, 400));
    await app.scheduled();
    const [retried] = (await (await owner.client.get(`/api/webhooks/${id}/deliveries`)).json()) as Delivery[];
    expect(retried).toMatchObject({ status: "pending", attempts: 2, lastError: "network_error" });
  });

  test("development's loopback receivers are not resolved and still receive", async () => {
    const res = await create(receiver.url("/dev"));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const before = dns.asked.length;
    const delivery = await sendOnce(id);
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, lastError: null });
    expect(receiver.forPath("/dev")).toHaveLength(1);
    expect(dns.asked.length).toBe(before);
  });
});
