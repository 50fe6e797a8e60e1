import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { webhookEndpoints, webhookEvents } from "../../../db/schema";
import type { TestDb } from "../../../tests/unit-helpers/db";
import { deliveriesOf, fakeFetch, queueWebhookEvent, webhookWorld } from "../../../tests/unit-helpers/webhooks";
import type { Database } from "../../utils/db.server";
import { standardWebhookSecret } from "../../utils/standard-webhooks.server";
import { webhookEventStatements } from "../effects/webhook-outbox.server";
import { SYSTEM } from "../parties/system.server";
import {
  deliverDueWebhooks,
  MAX_DELIVERY_ATTEMPTS,
  nextRetryDelay,
  signatureHeader,
  signWebhook,
} from "./webhook-sending.server";

let t: TestDb;
let db: Database;
let businessId: number;
let endpointId: number;

beforeEach(async () => {
  ({ t, db, businessId, endpointId } = await webhookWorld());
});

afterEach(() => t.dispose());

const queueEvent = (type?: "team_member.added" | "referral.created") => queueWebhookEvent(db, businessId, type);
const deliveries = () => deliveriesOf(db);

/** Queues one event and delivers it to an endpoint that answers 200: the one request that went out. */
async function deliverOneEvent() {
  await queueEvent();
  const { fetcher, calls } = fakeFetch(() => new Response("ok"));
  expect(await deliverDueWebhooks(db, SYSTEM, { fetcher })).toBe(1);
  const [call] = calls;
  return { call, headers: call?.init.headers as Record<string, string>, body: String(call?.init.body) };
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
    const { call, headers, body } = await deliverOneEvent();
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(headers["Webhook-Signature"]).toBeUndefined();
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ id: headers["webhook-id"], type: "team_member.added" });
    expect(call?.init.redirect).toBe("manual");
    expect((await deliveries())[0]).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 200, nextAttemptAt: null });
  });

  test("signs a legacy endpoint's deliveries as before: HMAC-SHA-256 over 't.body' with the whole secret", async () => {
    await db.update(webhookEndpoints).set({ signatureScheme: "legacy" }).where(eq(webhookEndpoints.id, endpointId));
    const { headers, body } = await deliverOneEvent();
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
      expect(await deliverDueWebhooks(db, SYSTEM, { fetcher, retryBaseMs: 1000, now: () => clock })).toBe(1);
      const [row] = await deliveries();
      expect(row?.attempts).toBe(attempt);
      if (attempt < MAX_DELIVERY_ATTEMPTS) {
        expect(row).toMatchObject({ status: "pending", responseStatus: 302, lastError: "redirect" });
        expect(row?.nextAttemptAt?.getTime()).toBe(clock + nextRetryDelay(attempt, 1000));
        // Not due yet: nothing is sent.
        expect(await deliverDueWebhooks(db, SYSTEM, { fetcher, retryBaseMs: 1000, now: () => clock + 1 })).toBe(0);
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
    await deliverDueWebhooks(db, SYSTEM, { fetcher });
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
    const first = deliverDueWebhooks(db, SYSTEM, { fetcher });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await deliverDueWebhooks(db, SYSTEM, { fetcher })).toBe(0);
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
