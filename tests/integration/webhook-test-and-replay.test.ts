import { describe, expect, test } from "vitest";
import {
  EVENT_NOT_FOUND,
  MANUAL_SENDS_TOO_OFTEN,
  PING_NOT_REDELIVERED,
  REDELIVER_TOO_SOON,
  TEST_EVENT_MESSAGE,
  TEST_EVENT_TOO_SOON,
} from "../../app/domain/integrations/webhook-deliveries.server";
import { pingEvent } from "../../app/openapi/webhook-payloads";
import { EVENT_ID_INVALID, EVENT_ID_REQUIRED } from "../../app/validation/webhooks";
import { client } from "./helpers/app";
import { addMember, joinTeam, newBusiness, newConnector } from "./helpers/parties";
import { afterClock, errorOf, pageText } from "./helpers/responses";
import { verifiesLegacy, verifiesWithLibrary } from "./helpers/webhook-receiver";
import { type Delivery, endpointForm, webhooksFile } from "./helpers/webhooks";

/** Issue 19, decision 079: "Send test event" and redelivery, received for real and verified with the standardwebhooks package. */

const { app, receiver, register, deliveries } = webhooksFile();

const deliveryRows = async (endpointId: number) =>
  (await app.query<{ n: number }>("select count(*) as n from webhook_deliveries where endpoint_id = ?", endpointId))[0]?.n;

/** A business whose endpoint at `path` received one team_member.added event: the event to replay. */
async function businessWithEvent(path: string) {
  const owner = await newBusiness(app);
  const original = await register(owner.client, owner.business.id, ["team_member.added"], path);
  await addMember(owner.client, owner.business.id, { name: "Replay Me", email: `rp_${Date.now()}@example.com`, role: "member" });
  await afterClock(app, async () => receiver.forPath(path).length === 1);
  const [first] = receiver.forPath(path);
  const event = JSON.parse(first?.body ?? "{}") as { id: string; type: string };
  return { owner, original, first, event };
}

describe("Send test event", () => {
  test("a ping to the tested endpoint only, sent by the scheduled job, arrives signed (standardwebhooks verifies it)", async () => {
    const owner = await newBusiness(app);
    const tested = await register(owner.client, owner.business.id, ["team_member.added"], "/ping");
    const other = await register(owner.client, owner.business.id, ["team_member.added"], "/ping-other");
    const res = await owner.client.post(`/api/webhooks/${tested.id}/test`);
    expect(res.status).toBe(202);
    const queued = (await res.json()) as Delivery;
    expect(queued).toMatchObject({
      endpointId: tested.id,
      eventType: "ping",
      trigger: "test",
      status: "pending",
      attempts: 0,
      responseStatus: null,
    });
    expect(queued.eventId).toMatch(/^evt_/);
    // The request only queued it: nothing leaves until the scheduled job runs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.forPath("/ping")).toHaveLength(0);

    await afterClock(app, async () => receiver.forPath("/ping").length === 1);
    const [hit] = receiver.forPath("/ping");
    expect(verifiesWithLibrary(tested.secret, hit)).toBe(true);
    expect(verifiesWithLibrary(other.secret, hit)).toBe(false);
    expect(hit?.headers["webhook-id"]).toBe(queued.eventId);
    const body = JSON.parse(hit?.body ?? "{}");
    expect(body).toEqual({
      id: queued.eventId,
      type: "ping",
      version: 1,
      createdAt: expect.any(String),
      businessId: owner.business.id,
      data: { endpointId: tested.id, message: TEST_EVENT_MESSAGE },
    });
    // As documented in OpenAPI (the PingEvent webhook).
    expect(pingEvent().schema.safeParse(body).success).toBe(true);
    expect(receiver.forPath("/ping-other")).toHaveLength(0);

    await afterClock(app, async () => (await deliveries(owner.client, tested.id))[0]?.status === "succeeded");
    expect(await deliveries(owner.client, tested.id)).toMatchObject([
      { id: queued.id, eventId: queued.eventId, eventType: "ping", trigger: "test", attempts: 1, responseStatus: 200 },
    ]);
    expect(await deliveries(owner.client, other.id)).toEqual([]);
    expect(
      await app.query("select type from webhook_events where business_id = ? and id = ?", owner.business.id, queued.eventId),
    ).toEqual([{ type: "ping" }]);
  });

  test("a legacy endpoint's test event carries the legacy signature", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], "/ping-legacy");
    const oldSecret = "whsec_Lq9-aB3_xYz0Lq9-aB3_xYz0Lq9-aB3_xYz0Lq9";
    await app.query("update webhook_endpoints set signature_scheme = 'legacy', secret = ? where id = ?", oldSecret, endpoint.id);
    expect((await owner.client.post(`/api/webhooks/${endpoint.id}/test`)).status).toBe(202);
    await afterClock(app, async () => receiver.forPath("/ping-legacy").length === 1);
    const [hit] = receiver.forPath("/ping-legacy");
    expect(String(hit?.headers["webhook-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifiesLegacy(oldSecret, hit)).toBe(true);
    expect(JSON.parse(hit?.body ?? "{}")).toMatchObject({ type: "ping", data: { endpointId: endpoint.id } });
  });

  test("once per endpoint every 10 seconds, inside the endpoint's hourly budget: 429 with Retry-After and no second delivery", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], "/ping-throttle");
    expect((await owner.client.post(`/api/webhooks/${endpoint.id}/test`)).status).toBe(202);
    const again = await owner.client.post(`/api/webhooks/${endpoint.id}/test`);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers.get("Retry-After"))).toBeLessThanOrEqual(10);
    expect(await errorOf(again)).toEqual({ message: TEST_EVENT_TOO_SOON });
    expect(await deliveryRows(endpoint.id)).toBe(1);

    // Past the 10 seconds (cleared here) but with the hourly budget spent: refused by the budget.
    await app.query("delete from rate_limits where key = ?", `webhook-test:endpoint:${endpoint.id}`);
    await app.query("update rate_limits set count = 1000 where key = ?", `webhook-resend:endpoint:${endpoint.id}`);
    const spent = await owner.client.post(`/api/webhooks/${endpoint.id}/test`);
    expect(spent.status).toBe(429);
    expect(spent.headers.get("Retry-After")).toBeTruthy();
    expect(await errorOf(spent)).toEqual({ message: MANUAL_SENDS_TOO_OFTEN });
    expect(await deliveryRows(endpoint.id)).toBe(1);
  });
});

describe("Redelivery", () => {
  test("a past event is redelivered signed, with its id and body, to an endpoint that did not subscribe to it or exist then", async () => {
    const { owner, original, first, event } = await businessWithEvent("/replay-original");
    expect(event.type).toBe("team_member.added");
    const late = await register(owner.client, owner.business.id, ["referral.created"], "/replay-late");
    const res = await owner.client.post(`/api/webhooks/${late.id}/deliveries`, { eventId: event.id });
    expect(res.status).toBe(202);
    const queued = (await res.json()) as Delivery;
    expect(queued).toMatchObject({
      endpointId: late.id,
      eventId: event.id,
      eventType: "team_member.added",
      trigger: "redelivery",
      status: "pending",
      attempts: 0,
    });

    await afterClock(app, async () => receiver.forPath("/replay-late").length === 1);
    const [hit] = receiver.forPath("/replay-late");
    expect(verifiesWithLibrary(late.secret, hit)).toBe(true);
    expect(verifiesWithLibrary(original.secret, hit)).toBe(false);
    // The same event: its id in the header and the body, byte for byte as first sent.
    expect(hit?.headers["webhook-id"]).toBe(event.id);
    expect(hit?.body).toBe(first?.body);

    // A redelivery to the endpoint that had it already: the receiver sees the same id again.
    expect((await owner.client.post(`/api/webhooks/${original.id}/deliveries`, { eventId: event.id })).status).toBe(202);
    await afterClock(app, async () => receiver.forPath("/replay-original").length === 2);
    expect(receiver.forPath("/replay-original")[1]?.headers["webhook-id"]).toBe(event.id);

    await afterClock(app, async () => (await deliveries(owner.client, original.id)).every((d) => d.status === "succeeded"));
    expect((await deliveries(owner.client, original.id)).map((d) => [d.eventId, d.trigger, d.status])).toEqual([
      [event.id, "redelivery", "succeeded"],
      [event.id, "event", "succeeded"],
    ]);
    expect((await deliveries(owner.client, late.id)).map((d) => [d.eventId, d.trigger])).toEqual([[event.id, "redelivery"]]);
  });

  test("once a minute per event and endpoint, inside the endpoint's hourly budget: 429 with Retry-After and no second row", async () => {
    const { owner, original, event } = await businessWithEvent("/replay-throttle");
    expect((await owner.client.post(`/api/webhooks/${original.id}/deliveries`, { eventId: event.id })).status).toBe(202);
    const again = await owner.client.post(`/api/webhooks/${original.id}/deliveries`, { eventId: event.id });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect(await errorOf(again)).toEqual({ message: REDELIVER_TOO_SOON });
    expect(await deliveryRows(original.id)).toBe(2);

    // Resends and redeliveries share the endpoint's budget: spent by resends, a redelivery is refused.
    await app.query("delete from rate_limits where key like ?", `webhook-redeliver:${original.id}:%`);
    await app.query("update rate_limits set count = 1000 where key = ?", `webhook-resend:endpoint:${original.id}`);
    const spent = await owner.client.post(`/api/webhooks/${original.id}/deliveries`, { eventId: event.id });
    expect(spent.status).toBe(429);
    expect(await errorOf(spent)).toEqual({ message: MANUAL_SENDS_TOO_OFTEN });
    expect(await deliveryRows(original.id)).toBe(2);
  });

  test("bad, unknown, another business's and test events are refused, writing nothing", async () => {
    const { owner, original } = await businessWithEvent("/replay-bad");
    const theirs = await businessWithEvent("/replay-theirs");
    const url = `/api/webhooks/${original.id}/deliveries`;
    const cases: [unknown, number, { message: string; errors?: Record<string, string[]> }][] = [
      [{}, 400, { message: "Validation failed", errors: { eventId: [EVENT_ID_REQUIRED] } }],
      [{ eventId: "" }, 400, { message: "Validation failed", errors: { eventId: [EVENT_ID_REQUIRED] } }],
      [{ eventId: "42" }, 400, { message: "Validation failed", errors: { eventId: [EVENT_ID_INVALID] } }],
      [{ eventId: "evt_' or 1=1 --" }, 400, { message: "Validation failed", errors: { eventId: [EVENT_ID_INVALID] } }],
      [{ eventId: "evt_doesNotExist123" }, 404, { message: EVENT_NOT_FOUND, errors: { eventId: [EVENT_NOT_FOUND] } }],
      [{ eventId: theirs.event.id }, 404, { message: EVENT_NOT_FOUND, errors: { eventId: [EVENT_NOT_FOUND] } }],
    ];
    for (const [body, status, error] of cases) {
      const res = await owner.client.post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await errorOf(res)).toEqual(error);
    }
    const ping = (await (await owner.client.post(`/api/webhooks/${original.id}/test`)).json()) as Delivery;
    const refused = await owner.client.post(url, { eventId: ping.eventId });
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toEqual({ message: PING_NOT_REDELIVERED, errors: { eventId: [PING_NOT_REDELIVERED] } });
    // The first delivery and the ping, nothing else; no redelivery was counted.
    expect(await deliveryRows(original.id)).toBe(2);
    expect(
      await app.query("select count(*) as n from rate_limits where key like ?", `webhook-redeliver:${original.id}:%`),
    ).toEqual([{ n: 0 }]);
  });

  test("only the owner and team admins test and redeliver; a member is refused, a stranger finds nothing", async () => {
    const { owner, original, event } = await businessWithEvent("/replay-who");
    const member = await newConnector(app);
    await joinTeam(app, owner.client, owner.business.id, member, { name: "Plain Member", role: "member" });
    const stranger = await newConnector(app);
    // Joining the team is an event of its own: count from here.
    await afterClock(app, async () => (await deliveries(owner.client, original.id)).every((d) => d.status === "succeeded"));
    const rows = await deliveryRows(original.id);
    for (const [c, status] of [
      [member.client, 403],
      [stranger.client, 404],
      [client(app), 401],
    ] as const) {
      expect((await c.post(`/api/webhooks/${original.id}/test`)).status).toBe(status);
      expect((await c.post(`/api/webhooks/${original.id}/deliveries`, { eventId: event.id })).status).toBe(status);
    }
    expect(await deliveryRows(original.id)).toBe(rows);
    const admin = await newConnector(app);
    await joinTeam(app, owner.client, owner.business.id, admin, { name: "Team Admin", role: "admin" });
    expect((await admin.client.post(`/api/webhooks/${original.id}/test`)).status).toBe(202);
    expect((await admin.client.post(`/api/webhooks/${original.id}/deliveries`, { eventId: event.id })).status).toBe(202);
  });
});

describe("the API & Webhooks screen", () => {
  test("Send Test Event queues a ping that the log shows as a test; a second one at once shows why it waits", async () => {
    const owner = await newBusiness(app);
    const endpoint = await register(owner.client, owner.business.id, ["team_member.added"], "/screen-ping");
    const before = await pageText(await owner.client.get(`/business/api?endpoint=${endpoint.id}`));
    expect(before).toContain("Send Test Event");
    expect(before).toContain("Redeliver an event");

    const sent = await endpointForm(owner, endpoint.id, { intent: "send-test-event" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/business/api?endpoint=${endpoint.id}`);
    const page = await pageText(await owner.client.get(`/business/api?endpoint=${endpoint.id}`));
    expect(page).toContain("Test event queued");
    expect(page).toMatch(/<code[^>]*>ping<\/code><span[^>]*data-testid="delivery-trigger"[^>]*>Test<\/span>/);

    const again = await endpointForm(owner, endpoint.id, { intent: "send-test-event" });
    expect(again.status).toBe(429);
    expect(await pageText(again)).toContain(TEST_EVENT_TOO_SOON);
    await afterClock(app, async () => receiver.forPath("/screen-ping").length === 1);
    expect(verifiesWithLibrary(endpoint.secret, receiver.forPath("/screen-ping")[0])).toBe(true);
  });

  test("Redeliver an event queues it; bad and unknown ids show under the field", async () => {
    const { owner, original, event } = await businessWithEvent("/screen-replay");
    const bad = await endpointForm(owner, original.id, { intent: "redeliver-event", eventId: "not an id" });
    expect(bad.status).toBe(400);
    expect(await pageText(bad)).toContain(EVENT_ID_INVALID);
    const unknown = await endpointForm(owner, original.id, { intent: "redeliver-event", eventId: "evt_missing0000" });
    expect(unknown.status).toBe(404);
    expect(await pageText(unknown)).toContain(EVENT_NOT_FOUND);
    expect(await deliveryRows(original.id)).toBe(1);

    const sent = await endpointForm(owner, original.id, { intent: "redeliver-event", eventId: event.id });
    expect(sent.status).toBe(302);
    const page = await pageText(await owner.client.get(`/business/api?endpoint=${original.id}`));
    expect(page).toContain("Event queued for redelivery");
    expect(page).toContain(">Redelivery</span>");
    await afterClock(app, async () => receiver.forPath("/screen-replay").length === 2);
    expect(receiver.forPath("/screen-replay")[1]?.headers["webhook-id"]).toBe(event.id);

    const again = await endpointForm(owner, original.id, { intent: "redeliver-event", eventId: event.id });
    expect(again.status).toBe(429);
    expect(await pageText(again)).toContain(REDELIVER_TOO_SOON);
  });
});
