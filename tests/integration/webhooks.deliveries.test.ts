import { describe, expect, test } from "vitest";
import { webhookEvents } from "~/openapi/webhook-payloads";
import { referWithConsent } from "./helpers/introductions";
import { inviteFresh, newBusiness, newConnector } from "./helpers/parties";
import { afterClock } from "./helpers/responses";
import { verifiesWithLibrary } from "./helpers/webhook-receiver";
import { webhooksFile } from "./helpers/webhooks";

const { app, receiver, register, deliveries, deliveredOnce } = webhooksFile();

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
    const member = await inviteFresh(owner, "New Person", "np");
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
    const { endpoint, delivery } = await deliveredOnce(owner, "/resend", {
      name: "Re Send",
      email: `rs_${Date.now()}@example.com`,
    });
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
      return JSON.parse(hit.body) as { type: keyof ReturnType<typeof webhookEvents> };
    });
    const byType = new Map(received.map((event) => [event.type, event]));
    const posting = byType.get("referral.message_posted");
    expect(webhookEvents()["referral.message_posted"].schema.safeParse(posting).success).toBe(true);
    expect(posting).toMatchObject({
      version: 1,
      businessId: owner.business.id,
      data: { ...message, referralId: referral.id, authorSide: "connector", body: "Ann is keen: call her Monday." },
    });
    const update = byType.get("referral.updated");
    expect(webhookEvents()["referral.updated"].schema.safeParse(update).success).toBe(true);
    expect(update).toMatchObject({
      version: 1,
      data: { id: referral.id, status: "pending", statusNotes: "Calling Monday", changedFields: ["statusNotes"] },
    });
  });
});
