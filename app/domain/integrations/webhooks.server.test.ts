import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { businesses, rateLimits, type User, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../../db/schema";
import { createTestDb, insertUser, type TestDb, withRaceBeforeBatch } from "../../../tests/unit-helpers/db";
import type { Database } from "../../utils/db.server";
import { AppError } from "../../utils/errors.server";
import { standardWebhookSecret } from "../../utils/standard-webhooks.server";
import {
  deliverDueWebhooks,
  deliveryTrigger,
  EVENT_NOT_FOUND,
  listDeliveries,
  MANUAL_SENDS_TOO_OFTEN,
  MAX_DELIVERY_ATTEMPTS,
  nextRetryDelay,
  PING_NOT_REDELIVERED,
  REDELIVER_TOO_SOON,
  redeliverEvent,
  resendDelivery,
  rotateWebhookSecret,
  SECRET_ROTATED_CONCURRENTLY,
  sendTestEvent,
  signatureHeader,
  signWebhook,
  TEST_EVENT_MESSAGE,
  TEST_EVENT_TOO_SOON,
  webhookEventStatements,
} from "./webhooks.server";

let t: TestDb;
let db: Database;
let businessId: number;
let endpointId: number;
let owner: User;

beforeEach(async () => {
  t = await createTestDb();
  db = t.db;
  owner = await insertUser(db);
  const business = await db
    .insert(businesses)
    .values({
      userId: owner.id,
      companyName: "Acme",
      uen: "UEN123456",
      address: "1 Road",
      referralFee: "5%",
      referralTerms: "Terms apply to everything",
      contactPerson: "Ann",
      contactPhone: "+65 6123 4567",
      contactEmail: "ann@example.com",
    })
    .returning()
    .get();
  businessId = business.id;
  const endpoint = await db
    .insert(webhookEndpoints)
    .values({
      businessId,
      url: "https://hooks.example.com/in",
      events: JSON.stringify(["team_member.added"]),
      secret: "whsec_test",
    })
    .returning()
    .get();
  endpointId = endpoint.id;
});

afterEach(() => t.dispose());

async function queueEvent(type: "team_member.added" | "referral.created" = "team_member.added") {
  const [first, second] = webhookEventStatements(db, { businessId, type, data: { name: "Ann" } });
  await db.batch([first, second]);
}

const deliveries = () => db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id);

function fakeFetch(answer: (call: number) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(calls.length);
  }) as unknown as typeof fetch;
  return { fetcher, calls };
}

describe("the outbox statements", () => {
  test("write the event and one delivery per subscribed endpoint; with no subscriber, the event alone (for the feed)", async () => {
    await db
      .insert(webhookEndpoints)
      .values({ businessId, url: "https://b.example.com/", events: JSON.stringify(["referral.created"]), secret: "whsec_b" });
    await queueEvent("team_member.added");
    expect(await db.select().from(webhookEvents)).toHaveLength(1);
    expect((await deliveries()).map((d) => d.endpointId)).toEqual([endpointId]);
    await db.delete(webhookEndpoints);
    // Decision 078: every event is stored (GET /api/events lists it), but nothing is delivered.
    await queueEvent("team_member.added");
    expect(await db.select().from(webhookEvents)).toHaveLength(2);
    expect(await deliveries()).toEqual([]);
  });

  test("fill data.id from SQL when the id is only known inside the batch", async () => {
    const [first, second] = webhookEventStatements(db, {
      businessId,
      type: "team_member.added",
      data: { name: "Ann" },
      idSql: sql`41 + 1`,
    });
    await db.batch([first, second]);
    const [event] = await db.select().from(webhookEvents);
    expect(JSON.parse(event?.payload ?? "{}")).toMatchObject({
      type: "team_member.added",
      businessId,
      data: { id: 42, name: "Ann" },
    });
  });
});

describe("deliverDueWebhooks", () => {
  test("signs each delivery the Standard Webhooks way, so the standardwebhooks library verifies it", async () => {
    const secret = standardWebhookSecret();
    await db.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, endpointId));
    await queueEvent();
    const { fetcher, calls } = fakeFetch(() => new Response("ok"));
    expect(await deliverDueWebhooks(db, { fetcher })).toBe(1);
    const [call] = calls;
    const headers = call?.init.headers as Record<string, string>;
    const body = String(call?.init.body);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(headers["Webhook-Signature"]).toBeUndefined();
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ id: headers["webhook-id"], type: "team_member.added" });
    expect(call?.init.redirect).toBe("manual");
    expect((await deliveries())[0]).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 200, nextAttemptAt: null });
  });

  test("signs a legacy endpoint's deliveries as before: HMAC-SHA-256 over 't.body' with the whole secret", async () => {
    await db.update(webhookEndpoints).set({ signatureScheme: "legacy" }).where(eq(webhookEndpoints.id, endpointId));
    await queueEvent();
    const { fetcher, calls } = fakeFetch(() => new Response("ok"));
    expect(await deliverDueWebhooks(db, { fetcher })).toBe(1);
    const [call] = calls;
    const headers = call?.init.headers as Record<string, string>;
    const body = String(call?.init.body);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(headers["Webhook-Signature"] ?? "") ?? [];
    expect(createHmac("sha256", "whsec_test").update(`${t}.${body}`).digest("hex")).toBe(v1);
    expect(headers["webhook-timestamp"]).toBeUndefined();
    expect(JSON.parse(body).id).toBe(headers["Webhook-Id"]);
    expect((await deliveries())[0]).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 200, nextAttemptAt: null });
  });

  test("a redirect is a failure (never followed), retried after base·2^(n-1), then failed for good", async () => {
    await queueEvent();
    let clock = Date.now() + 1000;
    const { fetcher, calls } = fakeFetch(() => new Response(null, { status: 302, headers: { Location: "http://10.0.0.1/" } }));
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      expect(await deliverDueWebhooks(db, { fetcher, retryBaseMs: 1000, now: () => clock })).toBe(1);
      const [row] = await deliveries();
      expect(row?.attempts).toBe(attempt);
      if (attempt < MAX_DELIVERY_ATTEMPTS) {
        expect(row).toMatchObject({ status: "pending", responseStatus: 302, lastError: "redirect" });
        expect(row?.nextAttemptAt?.getTime()).toBe(clock + nextRetryDelay(attempt, 1000));
        // Not due yet: nothing is sent.
        expect(await deliverDueWebhooks(db, { fetcher, retryBaseMs: 1000, now: () => clock + 1 })).toBe(0);
        clock = row?.nextAttemptAt?.getTime() ?? clock;
      } else {
        expect(row).toMatchObject({ status: "failed", nextAttemptAt: null });
      }
    }
    expect(calls).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    expect(nextRetryDelay(1)).toBe(30_000);
    expect(nextRetryDelay(4)).toBe(240_000);
    // Capped at 2 hours; the whole schedule outlasts a receiver that is down for an hour.
    expect(nextRetryDelay(9)).toBe(2 * 60 * 60_000);
    expect(nextRetryDelay(11)).toBe(2 * 60 * 60_000);
    const span = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, i) => nextRetryDelay(i + 1)).reduce((a, b) => a + b, 0);
    expect(span).toBeGreaterThan(6 * 60 * 60_000);
  });

  test("a receiver that does not answer in time is a failed attempt with a clear error", async () => {
    await queueEvent();
    const { fetcher } = fakeFetch(() => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    await deliverDueWebhooks(db, { fetcher });
    expect((await deliveries())[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      responseStatus: null,
      lastError: "timeout",
    });
  });

  test("a claimed delivery is not sent twice by concurrent sweeps", async () => {
    await queueEvent();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetcher, calls } = fakeFetch(async () => {
      await gate;
      return new Response("ok");
    });
    const first = deliverDueWebhooks(db, { fetcher });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await deliverDueWebhooks(db, { fetcher })).toBe(0);
    release();
    expect(await first).toBe(1);
    expect(calls).toHaveLength(1);
  });

  test("signatureHeader matches signWebhook for the same second", async () => {
    const now = 1_700_000_000_123;
    const header = await signatureHeader("whsec_x", "{}", now);
    expect(header).toBe(`t=1700000000,v1=${await signWebhook("whsec_x", 1_700_000_000, "{}")}`);
  });

  test("deleting an endpoint removes its deliveries", async () => {
    await queueEvent();
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(await deliveries()).toEqual([]);
  });
});

/** The AppError `run` throws (status, message, field errors, headers), or a failure if it does not throw one. */
async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError)
      return {
        status: error.status,
        message: error.message,
        errors: error.errors,
        retryAfter: new Headers(error.headers).get("Retry-After"),
      };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("test events and redelivery (decision 079)", () => {
  test("a test event is a stored ping, delivered to the tested endpoint only (whatever it subscribes to), signed like any event", async () => {
    const secret = standardWebhookSecret();
    await db.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, endpointId));
    const other = await db
      .insert(webhookEndpoints)
      .values({ businessId, url: "https://b.example.com/", events: JSON.stringify(["team_member.added"]), secret: "whsec_b" })
      .returning()
      .get();
    const queued = await sendTestEvent(db, owner, endpointId);
    expect(queued).toMatchObject({ endpointId, eventType: "ping", trigger: "test", status: "pending", attempts: 0 });
    expect((await deliveries()).map((d) => d.endpointId)).toEqual([endpointId]);
    const [event] = await db.select().from(webhookEvents);
    expect(event?.type).toBe("ping");
    expect(JSON.parse(event?.payload ?? "{}")).toEqual({
      id: queued.eventId,
      type: "ping",
      version: 1,
      createdAt: event?.createdAt.toISOString(),
      businessId,
      data: { endpointId, message: TEST_EVENT_MESSAGE },
    });

    const { fetcher, calls } = fakeFetch(() => new Response("ok"));
    expect(await deliverDueWebhooks(db, { fetcher })).toBe(1);
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.url).toBe("https://hooks.example.com/in");
    expect(new Webhook(secret).verify(String(calls[0]?.init.body), headers)).toMatchObject({ id: queued.eventId, type: "ping" });
    expect((await listDeliveries(db, owner, other.id)).total).toBe(0);
  });

  test("test events: one per endpoint every 10 seconds, and they count in the endpoint's hourly budget", async () => {
    await sendTestEvent(db, owner, endpointId);
    const again = await refusal(() => sendTestEvent(db, owner, endpointId));
    expect(again).toMatchObject({ status: 429, message: TEST_EVENT_TOO_SOON });
    expect(Number(again.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(again.retryAfter)).toBeLessThanOrEqual(10);
    expect(await deliveries()).toHaveLength(1);
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `webhook-resend:endpoint:${endpointId}`)),
    ).toMatchObject([{ count: 1 }]);
    // The budget spent (by resends, say): refused with the budget's message.
    await db
      .update(rateLimits)
      .set({ count: 1000 })
      .where(eq(rateLimits.key, `webhook-resend:endpoint:${endpointId}`));
    await db.delete(rateLimits).where(eq(rateLimits.key, `webhook-test:endpoint:${endpointId}`));
    expect(await refusal(() => sendTestEvent(db, owner, endpointId))).toMatchObject({
      status: 429,
      message: MANUAL_SENDS_TOO_OFTEN,
    });
  });

  test("an event is redelivered with its stored body and id to an endpoint that never subscribed to it", async () => {
    // Another endpoint wants referral.created; this one wants team_member.added only, so it got nothing.
    const other = await db
      .insert(webhookEndpoints)
      .values({ businessId, url: "https://b.example.com/", events: JSON.stringify(["referral.created"]), secret: "whsec_b" })
      .returning()
      .get();
    await queueEvent("referral.created");
    expect((await deliveries()).map((d) => d.endpointId)).toEqual([other.id]);
    const [event] = await db.select().from(webhookEvents);
    const queued = await redeliverEvent(db, owner, endpointId, event?.id ?? "");
    expect(queued).toMatchObject({
      endpointId,
      eventId: event?.id,
      eventType: "referral.created",
      trigger: "redelivery",
      status: "pending",
    });
    const { fetcher, calls } = fakeFetch(() => new Response("ok"));
    expect(await deliverDueWebhooks(db, { fetcher })).toBe(2);
    const mine = calls.find((c) => c.url === "https://hooks.example.com/in");
    expect(mine?.init.body).toBe(event?.payload);
    expect((mine?.init.headers as Record<string, string> | undefined)?.["webhook-id"]).toBe(event?.id);

    // Once a minute per event and endpoint; the refusal adds no delivery.
    const again = await refusal(() => redeliverEvent(db, owner, endpointId, event?.id ?? ""));
    expect(again).toMatchObject({ status: 429, message: REDELIVER_TOO_SOON });
    expect(await deliveries()).toHaveLength(2);
  });

  test("the log tells fan-out deliveries, redeliveries and tests apart; resending keeps a delivery's trigger", async () => {
    await queueEvent("team_member.added");
    const [event] = await db.select().from(webhookEvents);
    await redeliverEvent(db, owner, endpointId, event?.id ?? "");
    await sendTestEvent(db, owner, endpointId);
    const log = await listDeliveries(db, owner, endpointId);
    expect(log.items.map((d) => [d.eventType, d.trigger])).toEqual([
      ["ping", "test"],
      ["team_member.added", "redelivery"],
      ["team_member.added", "event"],
    ]);
    const first = log.items[2];
    expect((await resendDelivery(db, owner, first?.id ?? 0)).trigger).toBe("event");
    // A redelivery in the very millisecond of its event is still told apart.
    const at = new Date(1_700_000_000_000);
    expect(deliveryTrigger("referral.created", at, at)).toBe("event");
    expect(deliveryTrigger("referral.created", at, new Date(at.getTime() + 1))).toBe("redelivery");
    expect(deliveryTrigger("ping", at, new Date(at.getTime() + 1))).toBe("test");
  });

  test("an unknown event, another business's event and a ping are refused without writing", async () => {
    const stranger = await insertUser(db);
    const theirs = await db
      .insert(businesses)
      .values({
        userId: stranger.id,
        companyName: "Other",
        uen: "UEN999999",
        address: "2 Road",
        referralFee: "5%",
        referralTerms: "Terms apply to everything",
        contactPerson: "Bo",
        contactPhone: "+65 6123 4568",
        contactEmail: "bo@example.com",
      })
      .returning()
      .get();
    const [first, second] = webhookEventStatements(db, { businessId: theirs.id, type: "team_member.added", data: {} });
    await db.batch([first, second]);
    await db.insert(webhookEvents).values({ id: "evt_theirs", businessId: theirs.id, type: "team_member.added", payload: "{}" });
    const notFound = { status: 404, message: EVENT_NOT_FOUND, errors: { eventId: [EVENT_NOT_FOUND] } };
    expect(await refusal(() => redeliverEvent(db, owner, endpointId, "evt_nope"))).toMatchObject(notFound);
    expect(await refusal(() => redeliverEvent(db, owner, endpointId, "evt_theirs"))).toMatchObject(notFound);
    const ping = await sendTestEvent(db, owner, endpointId);
    expect(await refusal(() => redeliverEvent(db, owner, endpointId, ping.eventId))).toMatchObject({
      status: 422,
      message: PING_NOT_REDELIVERED,
    });
    // Another business's owner cannot reach this endpoint at all.
    expect(await refusal(() => redeliverEvent(db, stranger, endpointId, "evt_theirs"))).toMatchObject({ status: 404 });
    expect(await refusal(() => sendTestEvent(db, stranger, endpointId))).toMatchObject({ status: 404 });
    expect((await deliveries()).map((d) => d.eventId)).toEqual([ping.eventId]);
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `webhook-redeliver:${endpointId}:evt_theirs`)),
    ).toEqual([]);
  });
});

describe("secret rotation (issue 32)", () => {
  test("a rotation that lands between another's read and its write loses with 409; the winner's secret is kept", async () => {
    const [before] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    let winner = "";
    const raced = withRaceBeforeBatch(db, async () => {
      winner = (await rotateWebhookSecret(db, owner, endpointId)).secret;
    });
    expect(await refusal(() => rotateWebhookSecret(raced, owner, endpointId))).toMatchObject({
      status: 409,
      message: SECRET_ROTATED_CONCURRENTLY,
      errors: {},
    });
    // The winner's new secret signs, with the one it replaced as the previous secret: nothing handed out is lost.
    const [after] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(after?.secret).toBe(winner);
    expect(after?.previousSecret).toBe(before?.secret);
  });
});
