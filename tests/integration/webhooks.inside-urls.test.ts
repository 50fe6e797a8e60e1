import { describe, expect, test } from "vitest";
import { REVIEWED_INSIDE_URLS } from "../shared/review-webhook-urls";
import { startApp } from "./helpers/app";
import { inviteFresh, newBusiness } from "./helpers/parties";
import { afterClock, errorOf, refusedOn } from "./helpers/responses";
import { type Delivery, plantEndpoint, postEndpoint, webhooksFile } from "./helpers/webhooks";

const { app, receiver, register, deliveries, deliveredOnce } = webhooksFile();

describe("webhook URLs that reach inside (issue 15, finding 3)", () => {
  test("creation refuses the review's addresses, in development and in production", async () => {
    const reviewed = [...REVIEWED_INSIDE_URLS, "https://0xa9fea9fe/latest", "https://LOCALHOST./"];
    const production = await startApp({ ENVIRONMENT: "production" });
    try {
      for (const target of [app, production]) {
        const owner = await newBusiness(target);
        // Development keeps its exception for loopback names (localhost., LOCALHOST.), nothing more.
        for (const url of target === app ? reviewed.filter((u) => !/localhost/i.test(u)) : reviewed) {
          const res = await postEndpoint(owner, url, ["referral.created"]);
          expect(res.status, url).toBe(422);
          expect(await errorOf(res), url).toEqual(refusedOn("url", "Webhook URLs must not point at a private or local address"));
        }
        const port = await postEndpoint(owner, "https://hooks.example.com:8443/in", ["referral.created"]);
        expect(port.status).toBe(422);
        expect((await errorOf(port)).errors).toEqual({ url: ["Webhook URLs must use the standard https port (443)"] });
        expect(await target.query("select id from webhook_endpoints where business_id = ?", owner.business.id)).toEqual([]);
      }
    } finally {
      await production.dispose();
    }
  });

  test("an inside URL stored before the fix is refused at send time: not fetched, failed as blocked_destination, not retried", async () => {
    const production = await startApp({ ENVIRONMENT: "production", WEBHOOK_RETRY_BASE_MS: "0" });
    try {
      const owner = await newBusiness(production);
      // Reachable from the test machine, so only the send-time check stands between it and a hit.
      const endpointId = await plantEndpoint(production, owner, receiver.url("/planted"));
      await inviteFresh(owner, "Planted", "pl");
      await production.scheduled();
      const rows = await production.query<Record<string, unknown>>(
        "select status, attempts, response_status as responseStatus, last_error as lastError, next_attempt_at as nextAttemptAt from webhook_deliveries where endpoint_id = ?",
        endpointId,
      );
      expect(rows).toEqual([
        { status: "failed", attempts: 1, responseStatus: null, lastError: "blocked_destination", nextAttemptAt: null },
      ]);
      await production.scheduled();
      expect(receiver.forPath("/planted")).toHaveLength(0);
      expect((await production.query("select attempts from webhook_deliveries where endpoint_id = ?", endpointId))[0]).toEqual({
        attempts: 1,
      });
      // Development's localhost exception does not cover other inside addresses either.
      const devOwner = await newBusiness(app);
      const metadata = await plantEndpoint(app, devOwner, "https://169.254.169.254/latest/meta-data/");
      await inviteFresh(devOwner, "Meta", "md");
      await afterClock(app, async () => (await deliveries(devOwner.client, metadata))[0]?.status === "failed");
      expect((await deliveries(devOwner.client, metadata))[0]).toMatchObject({ lastError: "blocked_destination", attempts: 1 });
    } finally {
      await production.dispose();
    }
  });

  test("the log keeps only the status and a classification, never the answer's body; redirects are not followed", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], "/leaky");
    receiver.failNext(500, 302);
    await inviteFresh(owner, "Leak Test", "lk");
    await afterClock(app, async () => (await deliveries(owner.client, endpoint.id))[0]?.attempts === 1);
    const res = await owner.client.get(`/api/webhooks/${endpoint.id}/deliveries`);
    const text = await res.text();
    expect(text).not.toContain("hunter2");
    expect((JSON.parse(text) as Delivery[])[0]).toMatchObject({ responseStatus: 500, lastError: "http_500" });
    await afterClock(app, async () => (await deliveries(owner.client, endpoint.id))[0]?.attempts === 2, 8_000);
    expect((await deliveries(owner.client, endpoint.id))[0]).toMatchObject({ responseStatus: 302, lastError: "redirect" });
    // The redirect's Location (inside) was not followed: the receiver saw two requests, both to /leaky.
    expect(receiver.received.map((r) => r.path)).toEqual(["/leaky", "/leaky"]);
    expect(await app.query("select count(*) as n from webhook_deliveries where last_error like '%hunter2%'")).toEqual([{ n: 0 }]);
    const screen = await owner.client.get(`/business/api?endpoint=${endpoint.id}`);
    expect(await screen.text()).not.toContain("hunter2");
  });

  test("resend is throttled: once a minute per delivery, and a budget per endpoint per hour", async () => {
    const owner = await newBusiness(app);
    const { endpoint, delivery } = await deliveredOnce(owner, "/throttle", {
      name: "Throttle",
      email: `th_${Date.now()}@example.com`,
    });
    const first = await owner.client.post(`/api/webhook-deliveries/${delivery?.id}/resend`);
    expect(first.status).toBe(202);
    const again = await owner.client.post(`/api/webhook-deliveries/${delivery?.id}/resend`);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect(await errorOf(again)).toEqual({
      message: "This delivery was resent less than a minute ago. Please wait a minute before resending it.",
    });
    // The screen shows the same message by the row.
    const screen = await owner.client.form(`/business/api?endpoint=${endpoint.id}`, {
      intent: "resend-delivery",
      deliveryId: String(delivery?.id),
    });
    expect(screen.status).toBe(429);
    expect(await screen.text()).toContain("This delivery was resent less than a minute ago");

    // The endpoint's hourly budget: spent (planted), so another delivery of it is refused too.
    await inviteFresh(owner, "Throttle Two", "t2");
    await afterClock(app, async () => (await deliveries(owner.client, endpoint.id)).length === 2);
    const [newest] = await deliveries(owner.client, endpoint.id);
    await app.query(
      "insert into rate_limits (key, count, window_start) values (?, 1000, ?) on conflict(key) do update set count = 1000",
      `webhook-resend:endpoint:${endpoint.id}`,
      Date.now(),
    );
    const spent = await owner.client.post(`/api/webhook-deliveries/${newest?.id}/resend`);
    expect(spent.status).toBe(429);
    expect(spent.headers.get("Retry-After")).toBeTruthy();
    expect((await errorOf(spent)).message).toBe(
      "This endpoint's deliveries were resent too often in the last hour. Please wait before resending more.",
    );
  });
});
