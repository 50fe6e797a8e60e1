import { createHmac, timingSafeEqual } from "node:crypto";
import { describe, expect, test } from "vitest";
import { WEBHOOK_EVENTS } from "~/openapi/schemas";
import { REVIEWED_INSIDE_URLS } from "../shared/review-webhook-urls";
import { appPerFile, client, startApp, type TestApp } from "./helpers/app";
import { referWithConsent } from "./helpers/introductions";
import type { Business } from "./helpers/parties";
import { addMember, joinTeam, newBusiness, newConnector } from "./helpers/parties";
import { afterClock, errorOf } from "./helpers/responses";
import { receiverPerFile, verifiesWithLibrary } from "./helpers/webhook-receiver";

/** A legacy endpoint's check (decision 077), as the docs' legacy section gives it: HMAC-SHA-256 of `${t}.${body}`. */
function verifySignature(secret: string, header: string, body: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=") as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds || !parts.v1) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}

/** The check the docs give for rotation: any v1 entry of the header may match. */
function verifyAnySignature(secret: string, header: string, body: string): boolean {
  const entries = header.split(",").map((p) => p.split("=") as [string, string]);
  const t = entries.find(([k]) => k === "t")?.[1] ?? "";
  return entries.filter(([k]) => k === "v1").some(([, v1]) => verifySignature(secret, `t=${t},v1=${v1}`, body));
}

type Endpoint = {
  id: number;
  secret: string;
  url: string;
  events: string[];
  signatureScheme: "standard" | "legacy";
  legacySignaturesUntil: string | null;
  previousSecretExpiresAt: string | null;
};
type Delivery = {
  id: number;
  status: string;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  eventType: string;
  eventId: string;
};

// Retries come due after 300 ms, so a retry is seen within the test.
const app = appPerFile({ WEBHOOK_RETRY_BASE_MS: "300" });

const receiver = receiverPerFile();

async function register(c: ReturnType<typeof client>, businessId: number, events: string[], path = "/hook") {
  const res = await c.post("/api/webhooks", { businessId, url: receiver.url(path), events, description: "CRM" });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Endpoint;
}

async function deliveries(c: ReturnType<typeof client>, endpointId: number) {
  const res = await c.get(`/api/webhooks/${endpointId}/deliveries`);
  expect(res.status).toBe(200);
  return (await res.json()) as Delivery[];
}

describe("webhook endpoints", () => {
  test("https to public hosts only; localhost only while developing; validation messages per field", async () => {
    const owner = await newBusiness(app);
    const cases: [string, string][] = [
      ["http://hooks.example.com/in", "Webhook URLs must use https"],
      ["https://10.0.0.1/hook", "Webhook URLs must not point at a private or local address"],
      ["https://169.254.169.254/latest", "Webhook URLs must not point at a private or local address"],
      ["https://printer.local/hook", "Webhook URLs must not point at a private or local address"],
    ];
    for (const [url, message] of cases) {
      const res = await owner.client.post("/api/webhooks", { businessId: owner.business.id, url, events: ["referral.created"] });
      expect(res.status, url).toBe(422);
      expect((await errorOf(res)).errors).toEqual({ url: [message] });
    }
    const empty = await owner.client.post("/api/webhooks", { businessId: owner.business.id, url: "", events: [] });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).errors).toEqual({
      url: ["Please enter the endpoint URL"],
      events: ["Please choose at least one event"],
    });
    expect(await app.query("select id from webhook_endpoints where business_id = ?", owner.business.id)).toEqual([]);

    const ok = await owner.client.post("/api/webhooks", {
      businessId: owner.business.id,
      url: "https://hooks.example.com/in",
      events: ["referral.created"],
    });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as Endpoint).secret).toMatch(/^whsec_/);

    const production = await startApp({ ENVIRONMENT: "production" });
    try {
      const prodOwner = await newBusiness(production);
      const res = await prodOwner.client.post("/api/webhooks", {
        businessId: prodOwner.business.id,
        url: "http://127.0.0.1:9/hook",
        events: ["referral.created"],
      });
      expect(res.status).toBe(422);
      expect((await errorOf(res)).errors).toEqual({ url: ["Webhook URLs must use https"] });
    } finally {
      await production.dispose();
    }
  });

  test("only the owner and team admins manage webhooks; API keys cannot", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["referral.created"]);
    const member = await newConnector(app);
    await joinTeam(app, owner.client, owner.business.id, member, { name: "Plain Member", role: "member" });
    expect((await member.client.get(`/api/webhooks?businessId=${owner.business.id}`)).status).toBe(403);
    expect((await member.client.delete(`/api/webhooks/${endpoint.id}`)).status).toBe(403);
    const stranger = await newConnector(app);
    expect((await stranger.client.get(`/api/webhooks/${endpoint.id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/webhooks/${endpoint.id}/deliveries`)).status).toBe(404);
    expect((await client(app).get(`/api/webhooks?businessId=${owner.business.id}`)).status).toBe(401);
    const keyRes = await owner.client.post("/api/api-keys", {
      name: "k",
      scopes: ["referrals:read", "team:read"],
      businessId: owner.business.id,
    });
    const { key } = (await keyRes.json()) as { key: string };
    const withKey = await app.fetch(`/api/webhooks?businessId=${owner.business.id}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(withKey.status).toBe(403);
    const listed = await owner.client.get(`/api/webhooks?businessId=${owner.business.id}`);
    expect(((await listed.json()) as Endpoint[]).map((e) => e.id)).toEqual([endpoint.id]);
    expect((await owner.client.delete(`/api/webhooks/${endpoint.id}`)).status).toBe(200);
    expect(await app.query("select id from webhook_endpoints where id = ?", endpoint.id)).toEqual([]);
  });
});

describe("webhook deliveries", () => {
  test("a new referral is delivered to the local receiver, signed so the documented check verifies it", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["referral.created", "referral.status_changed"], "/signed");
    const connector = await newConnector(app);
    const { referral } = await referWithConsent(app, connector.client, owner.business.id);
    // The request only wrote the outbox: nothing leaves until the scheduled job runs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.forPath("/signed")).toHaveLength(0);
    await afterClock(app, async () => receiver.forPath("/signed").length === 1);
    const [hit] = receiver.forPath("/signed");
    if (!hit) throw new Error("no delivery");
    const event = JSON.parse(hit.body) as {
      id: string;
      type: string;
      businessId: number;
      createdAt: string;
      data: Record<string, unknown>;
    };
    expect(event).toMatchObject({ type: "referral.created", businessId: owner.business.id });
    expect(event.id).toMatch(/^evt_/);
    expect(event.data).toMatchObject({
      id: referral.id,
      connectorId: connector.connectorId,
      businessId: owner.business.id,
      referredPersonName: referral.referredPersonName,
      status: "pending",
      cashbackPercentage: 10,
    });
    expect(hit.headers["content-type"]).toBe("application/json");
    // Standard Webhooks (issue 19): the event id, a timestamp and one v1 signature, checked by the library.
    expect(endpoint.signatureScheme).toBe("standard");
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(hit.headers["webhook-id"]).toBe(event.id);
    expect(Math.abs(Number(hit.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    expect(String(hit.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifiesWithLibrary(endpoint.secret, hit)).toBe(true);
    expect(verifiesWithLibrary(endpoint.secret, hit, hit.body.replace("pending", "approved"))).toBe(false);
    expect(verifiesWithLibrary("whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldC13cm9uZyE=", hit)).toBe(false);

    await afterClock(app, async () => (await deliveries(owner.client, endpoint.id))[0]?.status === "succeeded");
    const [logged] = await deliveries(owner.client, endpoint.id);
    expect(logged).toMatchObject({
      eventId: event.id,
      eventType: "referral.created",
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
  });

  test("a status change sends referral.status_changed with the previous status; a revenue-only update is referral.updated, not a status change", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["referral.status_changed"], "/status");
    const connector = await newConnector(app);
    const { referral } = await referWithConsent(app, connector.client, owner.business.id);
    const approved = await owner.client.patch(`/api/referrals/${referral.id}`, { status: "approved" });
    expect(approved.status).toBe(200);
    await afterClock(app, async () => receiver.forPath("/status").length === 1);
    const event = JSON.parse(receiver.forPath("/status")[0]?.body ?? "{}");
    expect(event).toMatchObject({
      type: "referral.status_changed",
      data: { id: referral.id, previousStatus: "pending", status: "approved" },
    });
    expect(verifiesWithLibrary(endpoint.secret, receiver.forPath("/status")[0])).toBe(true);
    const revenue = await owner.client.patch(`/api/referrals/${referral.id}`, { status: "approved", revenueReceived: 100 });
    expect(revenue.status).toBe(200);
    const completed = await owner.client.patch(`/api/referrals/${referral.id}`, {
      status: "completed",
      revenueReceived: 1000,
      revenueCurrency: "SGD",
    });
    expect(completed.status).toBe(200);
    await afterClock(app, async () => receiver.forPath("/status").length === 2);
    expect(JSON.parse(receiver.forPath("/status")[1]?.body ?? "{}")).toMatchObject({
      data: { previousStatus: "approved", status: "completed", revenueReceived: 1000, feeAmount: 100 },
    });
    // Every event is stored (decision 078: the feed lists them all); the revenue-only update is
    // referral.updated (decision 080), which this endpoint did not choose: only the two status changes were delivered.
    expect(
      (
        await app.query<{ type: string }>("select type from webhook_events where business_id = ? order by seq", owner.business.id)
      ).map((r) => r.type),
    ).toEqual([
      "referral.created",
      "referral.status_changed",
      "referral.updated",
      "referral.status_changed",
      "commission.created",
    ]);
    expect(await app.query("select count(*) as n from webhook_deliveries where endpoint_id = ?", endpoint.id)).toEqual([
      { n: 2 },
    ]);
  });

  test("events go only to endpoints that chose them; a business without endpoints gets no deliveries (its events are still stored)", async () => {
    const owner = await newBusiness(app);
    await register(owner.client, owner.business.id, ["team_member.added", "team_member.removed"], "/team");
    const connector = await newConnector(app);
    await referWithConsent(app, connector.client, owner.business.id);
    const member = await addMember(owner.client, owner.business.id, {
      name: "New Person",
      email: `np_${Date.now()}@example.com`,
      role: "member",
    });
    expect((await owner.client.delete(`/api/team-members/${member.id}`)).status).toBe(200);
    await afterClock(app, async () => receiver.forPath("/team").length === 2);
    const types = receiver.forPath("/team").map((r) => JSON.parse(r.body) as { type: string; data: { id: number } });
    expect(types.map((t) => t.type).sort()).toEqual(["team_member.added", "team_member.removed"]);
    expect(types.every((t) => t.data.id === member.id)).toBe(true);

    const quiet = await newBusiness(app);
    await referWithConsent(app, connector.client, quiet.business.id);
    // Decision 078: the event is stored for the feed, but nothing is delivered.
    expect(await app.query("select type from webhook_events where business_id = ?", quiet.business.id)).toEqual([
      { type: "referral.created" },
    ]);
    expect(
      await app.query(
        "select count(*) as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.business_id = ?",
        quiet.business.id,
      ),
    ).toEqual([{ n: 0 }]);
  });

  test("a failing receiver is retried with backoff and every attempt is logged; a refused change writes no event", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["referral.created"], "/flaky");
    receiver.failNext(500);
    const connector = await newConnector(app);
    const { body } = await referWithConsent(app, connector.client, owner.business.id);
    await afterClock(app, async () => (await deliveries(owner.client, endpoint.id))[0]?.attempts === 1);
    const [failed] = await deliveries(owner.client, endpoint.id);
    expect(failed).toMatchObject({
      status: "pending",
      attempts: 1,
      responseStatus: 500,
      lastError: "http_500",
    });
    expect(Date.parse(failed?.nextAttemptAt ?? "")).toBeGreaterThan(Date.now() - 1000);

    // The retry comes due after the backoff; the next scheduled run sends it.
    await afterClock(app, async () => (await deliveries(owner.client, endpoint.id))[0]?.status === "succeeded", 8_000);
    const [retried] = await deliveries(owner.client, endpoint.id);
    expect(retried).toMatchObject({
      status: "succeeded",
      attempts: 2,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(receiver.forPath("/flaky")).toHaveLength(2);
    // Both attempts carried the same event id, so receivers can deduplicate.
    expect(new Set(receiver.forPath("/flaky").map((r) => r.headers["webhook-id"])).size).toBe(1);

    // A duplicate referral is refused (409) and leaves no event behind.
    const duplicate = await connector.client.post("/api/referrals", body);
    expect(duplicate.status).toBe(409);
    expect(await app.query("select count(*) as n from webhook_events where business_id = ?", owner.business.id)).toEqual([
      { n: 1 },
    ]);
  });

  test("a delivery is re-sent by hand", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], "/resend");
    await addMember(owner.client, owner.business.id, { name: "Re Send", email: `rs_${Date.now()}@example.com`, role: "member" });
    await afterClock(app, async () => (await deliveries(owner.client, endpoint.id))[0]?.status === "succeeded");
    const [delivery] = await deliveries(owner.client, endpoint.id);
    const stranger = await newConnector(app);
    expect((await stranger.client.post(`/api/webhook-deliveries/${delivery?.id}/resend`)).status).toBe(404);
    const res = await owner.client.post(`/api/webhook-deliveries/${delivery?.id}/resend`);
    expect(res.status).toBe(202);
    await afterClock(app, async () => receiver.forPath("/resend").length === 2);
    expect(receiver.forPath("/resend")[1]?.headers["webhook-id"]).toBe(receiver.forPath("/resend")[0]?.headers["webhook-id"]);
    await afterClock(app, async () => (await deliveries(owner.client, endpoint.id))[0]?.status === "succeeded");
  });

  test("a message and a revenue-only update reach a subscribed endpoint as referral.message_posted and referral.updated, version 1, as documented", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["referral.message_posted", "referral.updated"], "/changes");
    const connector = await newConnector(app);
    const { referral } = await referWithConsent(app, connector.client, owner.business.id);
    const posted = await connector.client.post(`/api/referrals/${referral.id}/messages`, {
      body: "Ann is keen: call her Monday.",
    });
    expect(posted.status).toBe(201);
    const message = (await posted.json()) as { id: number };
    expect(
      (await owner.client.patch(`/api/referrals/${referral.id}`, { status: "pending", statusNotes: "Calling Monday" })).status,
    ).toBe(200);
    await afterClock(app, async () => receiver.forPath("/changes").length === 2);
    const received = receiver.forPath("/changes").map((hit) => {
      expect(verifiesWithLibrary(endpoint.secret, hit)).toBe(true);
      return JSON.parse(hit.body) as { type: keyof typeof WEBHOOK_EVENTS };
    });
    const byType = new Map(received.map((event) => [event.type, event]));
    const posting = byType.get("referral.message_posted");
    expect(WEBHOOK_EVENTS["referral.message_posted"].schema.safeParse(posting).success).toBe(true);
    expect(posting).toMatchObject({
      version: 1,
      businessId: owner.business.id,
      data: { ...message, referralId: referral.id, authorSide: "connector", body: "Ann is keen: call her Monday." },
    });
    const update = byType.get("referral.updated");
    expect(WEBHOOK_EVENTS["referral.updated"].schema.safeParse(update).success).toBe(true);
    expect(update).toMatchObject({
      version: 1,
      data: { id: referral.id, status: "pending", statusNotes: "Calling Monday", changedFields: ["statusNotes"] },
    });
  });
});

/** An endpoint row written straight to the database, as one stored before the URL rules tightened. */
async function plantEndpoint(target: TestApp, owner: Business, url: string, events = ["team_member.added"]) {
  await target.query(
    "insert into webhook_endpoints (business_id, url, description, events, secret, created_by_user_id, created_at) values (?, ?, null, ?, ?, ?, ?)",
    owner.business.id,
    url,
    JSON.stringify(events),
    "whsec_planted",
    owner.user.id,
    Date.now(),
  );
  const [row] = await target.query<{ id: number }>(
    "select max(id) as id from webhook_endpoints where business_id = ?",
    owner.business.id,
  );
  return row?.id ?? 0;
}

describe("webhook URLs that reach inside (issue 15, finding 3)", () => {
  test("creation refuses the review's addresses, in development and in production", async () => {
    const reviewed = [...REVIEWED_INSIDE_URLS, "https://0xa9fea9fe/latest", "https://LOCALHOST./"];
    const production = await startApp({ ENVIRONMENT: "production" });
    try {
      for (const target of [app, production]) {
        const owner = await newBusiness(target);
        // Development keeps its exception for loopback names (localhost., LOCALHOST.), nothing more.
        for (const url of target === app ? reviewed.filter((u) => !/localhost/i.test(u)) : reviewed) {
          const res = await owner.client.post("/api/webhooks", {
            businessId: owner.business.id,
            url,
            events: ["referral.created"],
          });
          expect(res.status, url).toBe(422);
          expect(await errorOf(res), url).toEqual({
            message: "Webhook URLs must not point at a private or local address",
            errors: { url: ["Webhook URLs must not point at a private or local address"] },
          });
        }
        const port = await owner.client.post("/api/webhooks", {
          businessId: owner.business.id,
          url: "https://hooks.example.com:8443/in",
          events: ["referral.created"],
        });
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
      await addMember(owner.client, owner.business.id, {
        name: "Planted",
        email: `pl_${Date.now()}@example.com`,
        role: "member",
      });
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
      await addMember(devOwner.client, devOwner.business.id, {
        name: "Meta",
        email: `md_${Date.now()}@example.com`,
        role: "member",
      });
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
    await addMember(owner.client, owner.business.id, {
      name: "Leak Test",
      email: `lk_${Date.now()}@example.com`,
      role: "member",
    });
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
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], "/throttle");
    await addMember(owner.client, owner.business.id, { name: "Throttle", email: `th_${Date.now()}@example.com`, role: "member" });
    await afterClock(app, async () => (await deliveries(owner.client, endpoint.id))[0]?.status === "succeeded");
    const [delivery] = await deliveries(owner.client, endpoint.id);
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
    await addMember(owner.client, owner.business.id, {
      name: "Throttle Two",
      email: `t2_${Date.now()}@example.com`,
      role: "member",
    });
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

describe("signing secret rotation (issue 15, finding 12)", () => {
  test("rotate returns the new secret once; during the overlap deliveries carry both signatures, after it only the new", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], "/rotate");
    const before = Date.now();
    const res = await owner.client.post(`/api/webhooks/${endpoint.id}/secret/rotate`);
    expect(res.status).toBe(200);
    const rotated = (await res.json()) as Endpoint;
    expect(rotated.id).toBe(endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const overlapEnds = Date.parse(rotated.previousSecretExpiresAt ?? "");
    expect(overlapEnds).toBeGreaterThanOrEqual(before + 24 * 60 * 60_000);
    expect(overlapEnds).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);
    // Only what signing needs is stored: the new secret, the old one and when it stops signing.
    expect(
      await app.query("select secret, previous_secret as previous from webhook_endpoints where id = ?", endpoint.id),
    ).toEqual([{ secret: rotated.secret, previous: endpoint.secret }]);

    await addMember(owner.client, owner.business.id, { name: "Rot One", email: `r1_${Date.now()}@example.com`, role: "member" });
    await afterClock(app, async () => receiver.forPath("/rotate").length === 1);
    const [during] = receiver.forPath("/rotate");
    expect(String(during?.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifiesWithLibrary(rotated.secret, during)).toBe(true);
    expect(verifiesWithLibrary(endpoint.secret, during)).toBe(true);
    expect(verifiesWithLibrary("whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldC13cm9uZyE=", during)).toBe(false);

    // After the overlap the old secret signs nothing.
    await app.query("update webhook_endpoints set previous_secret_expires_at = ? where id = ?", Date.now() - 1000, endpoint.id);
    await addMember(owner.client, owner.business.id, { name: "Rot Two", email: `r2_${Date.now()}@example.com`, role: "member" });
    await afterClock(app, async () => receiver.forPath("/rotate").length === 2);
    const [, after] = receiver.forPath("/rotate");
    expect(String(after?.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifiesWithLibrary(rotated.secret, after)).toBe(true);
    expect(verifiesWithLibrary(endpoint.secret, after)).toBe(false);
    expect((await (await owner.client.get(`/api/webhooks/${endpoint.id}`)).json()) as Endpoint).toMatchObject({
      secret: rotated.secret,
      previousSecretExpiresAt: null,
    });
  });

  test("two rotations at once: one wins, the other gets 409 and no secret handed out is lost (issue 32)", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["referral.created"], "/rotate-race");
    let conflicts = 0;
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([
        owner.client.post(`/api/webhooks/${endpoint.id}/secret/rotate`),
        owner.client.post(`/api/webhooks/${endpoint.id}/secret/rotate`),
      ]);
      const [stored] = await app.query<{ secret: string; previous: string }>(
        "select secret, previous_secret as previous from webhook_endpoints where id = ?",
        endpoint.id,
      );
      for (const res of answers) {
        if (res.status === 409) {
          conflicts += 1;
          expect(await errorOf(res)).toEqual({
            message: "The signing secret was rotated by another request at the same time. Reload to see the current secret.",
            errors: {},
          });
          continue;
        }
        expect(res.status).toBe(200);
        // Every secret a caller was shown still signs: it is the current one or the previous one.
        const { secret } = (await res.json()) as Endpoint;
        expect([stored?.secret, stored?.previous]).toContain(secret);
      }
    }
    // Whether the two interleave is up to workerd (the model's test forces the race); either way the
    // loser, if any, is told so and the endpoint still has a secret every winner was shown.
    expect(conflicts).toBeLessThanOrEqual(5);
  });

  test("only the owner and team admins rotate; the screen's button rotates too", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["referral.created"], "/rotate-who");
    const member = await newConnector(app);
    await joinTeam(app, owner.client, owner.business.id, member, { name: "Plain Member", role: "member" });
    expect((await member.client.post(`/api/webhooks/${endpoint.id}/secret/rotate`)).status).toBe(403);
    const stranger = await newConnector(app);
    expect((await stranger.client.post(`/api/webhooks/${endpoint.id}/secret/rotate`)).status).toBe(404);
    expect((await client(app).post(`/api/webhooks/${endpoint.id}/secret/rotate`)).status).toBe(401);
    expect(await app.query("select secret from webhook_endpoints where id = ?", endpoint.id)).toEqual([
      { secret: endpoint.secret },
    ]);

    const screen = await owner.client.form(`/business/api?endpoint=${endpoint.id}`, {
      intent: "rotate-webhook-secret",
      endpointId: String(endpoint.id),
    });
    expect(screen.status).toBe(302);
    const [row] = await app.query<{ secret: string; previous: string }>(
      "select secret, previous_secret as previous from webhook_endpoints where id = ?",
      endpoint.id,
    );
    expect(row?.previous).toBe(endpoint.secret);
    expect(row?.secret).not.toBe(endpoint.secret);
    const page = await (await owner.client.get(`/business/api?endpoint=${endpoint.id}`)).text();
    expect(page).toContain("Signing secret rotated");
    expect(page).toContain(row?.secret ?? "missing");
    expect(page).toContain("The previous secret also signs deliveries until");
  });
});

describe("the move to Standard Webhooks (issue 19, decision 077)", () => {
  /** An endpoint as it stood before the migration: legacy signing with a base64url secret. */
  async function legacyEndpoint(owner: Business, path: string) {
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], path);
    const oldSecret = "whsec_Lq9-aB3_xYz0Lq9-aB3_xYz0Lq9-aB3_xYz0Lq9";
    await app.query("update webhook_endpoints set signature_scheme = 'legacy', secret = ? where id = ?", oldSecret, endpoint.id);
    return { ...endpoint, secret: oldSecret };
  }
  const addSomeone = (owner: Business, name: string) =>
    addMember(owner.client, owner.business.id, {
      name,
      email: `${name.replace(/\W/g, "")}_${Date.now()}@example.com`,
      role: "member",
    });

  test("a legacy endpoint keeps its t=…,v1=<hex> signatures until switched; switching gives a new secret and Standard Webhooks at once", async () => {
    const owner = await newBusiness(app);
    const endpoint = await legacyEndpoint(owner, "/legacy");
    const shown = (await (await owner.client.get(`/api/webhooks/${endpoint.id}`)).json()) as Endpoint;
    expect(shown).toMatchObject({ signatureScheme: "legacy", legacySignaturesUntil: "2027-05-31T23:59:59.999Z" });

    await addSomeone(owner, "Legacy One");
    await afterClock(app, async () => receiver.forPath("/legacy").length === 1);
    const [legacy] = receiver.forPath("/legacy");
    const header = String(legacy?.headers["webhook-signature"]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(endpoint.secret, header, legacy?.body ?? "")).toBe(true);
    expect(legacy?.headers["webhook-timestamp"]).toBeUndefined();

    // Rotating a legacy endpoint keeps it legacy: both secrets sign the old way during the overlap.
    const rotated = (await (await owner.client.post(`/api/webhooks/${endpoint.id}/secret/rotate`)).json()) as Endpoint;
    expect(rotated.signatureScheme).toBe("legacy");
    await addSomeone(owner, "Legacy Two");
    await afterClock(app, async () => receiver.forPath("/legacy").length === 2);
    const during = String(receiver.forPath("/legacy")[1]?.headers["webhook-signature"]);
    expect(verifyAnySignature(rotated.secret, during, receiver.forPath("/legacy")[1]?.body ?? "")).toBe(true);
    expect(verifyAnySignature(endpoint.secret, during, receiver.forPath("/legacy")[1]?.body ?? "")).toBe(true);

    const res = await owner.client.post(`/api/webhooks/${endpoint.id}/secret/upgrade`);
    expect(res.status).toBe(200);
    const upgraded = (await res.json()) as Endpoint;
    expect(upgraded).toMatchObject({
      id: endpoint.id,
      signatureScheme: "standard",
      legacySignaturesUntil: null,
      previousSecretExpiresAt: null,
    });
    expect(upgraded.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(upgraded.secret).not.toBe(rotated.secret);
    expect(
      await app.query(
        "select signature_scheme as scheme, secret, previous_secret as previous from webhook_endpoints where id = ?",
        endpoint.id,
      ),
    ).toEqual([{ scheme: "standard", secret: upgraded.secret, previous: null }]);

    await addSomeone(owner, "Standard One");
    await afterClock(app, async () => receiver.forPath("/legacy").length === 3);
    const standard = receiver.forPath("/legacy")[2];
    expect(String(standard?.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifiesWithLibrary(upgraded.secret, standard)).toBe(true);
    expect(verifiesWithLibrary(rotated.secret.replace(/[-_]/g, "A"), standard)).toBe(false);

    // Once is enough: a second switch is refused and keeps the secret.
    const again = await owner.client.post(`/api/webhooks/${endpoint.id}/secret/upgrade`);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ message: "This endpoint already uses Standard Webhooks signatures." });
    expect(await app.query("select secret from webhook_endpoints where id = ?", endpoint.id)).toEqual([
      { secret: upgraded.secret },
    ]);
  });

  test("only the owner and team admins switch; the screen shows legacy endpoints and its button switches them", async () => {
    const owner = await newBusiness(app);
    const endpoint = await legacyEndpoint(owner, "/legacy-who");
    const member = await newConnector(app);
    await joinTeam(app, owner.client, owner.business.id, member, { name: "Plain Member", role: "member" });
    expect((await member.client.post(`/api/webhooks/${endpoint.id}/secret/upgrade`)).status).toBe(403);
    const stranger = await newConnector(app);
    expect((await stranger.client.post(`/api/webhooks/${endpoint.id}/secret/upgrade`)).status).toBe(404);
    expect((await client(app).post(`/api/webhooks/${endpoint.id}/secret/upgrade`)).status).toBe(401);
    expect((await owner.client.get(`/api/webhooks/${endpoint.id}/secret/upgrade`)).status).toBe(405);
    expect(await app.query("select signature_scheme as scheme, secret from webhook_endpoints where id = ?", endpoint.id)).toEqual(
      [{ scheme: "legacy", secret: endpoint.secret }],
    );

    const before = await (await owner.client.get(`/business/api?endpoint=${endpoint.id}`)).text();
    expect(before).toContain("Legacy signatures");
    expect(before).toContain("May 31, 2027");
    expect(before).toContain("Switch to Standard Webhooks");
    const screen = await owner.client.form(`/business/api?endpoint=${endpoint.id}`, {
      intent: "upgrade-webhook-signing",
      endpointId: String(endpoint.id),
    });
    expect(screen.status).toBe(302);
    const [row] = await app.query<{ scheme: string; secret: string }>(
      "select signature_scheme as scheme, secret from webhook_endpoints where id = ?",
      endpoint.id,
    );
    expect(row?.scheme).toBe("standard");
    const page = await (await owner.client.get(`/business/api?endpoint=${endpoint.id}`)).text();
    expect(page).toContain("Switched to Standard Webhooks");
    expect(page).toContain(row?.secret ?? "missing");
    expect(page).not.toContain("Legacy signatures");
  });
});
