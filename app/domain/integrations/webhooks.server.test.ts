import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { businesses, rateLimits, type User, webhookEndpoints, webhookEvents } from "../../../db/schema";
import { insertUser, type TestDb, withRaceBeforeBatch } from "../../../tests/unit-helpers/db";
import {
  deliveriesOf,
  fakeFetch,
  insertWebhookEndpoint,
  queueWebhookEvent,
  webhookWorld,
} from "../../../tests/unit-helpers/webhooks";
import type { Database } from "../../utils/db.server";
import { AppError } from "../../utils/errors.server";
import { standardWebhookSecret } from "../../utils/standard-webhooks.server";
import { webhookEventStatements } from "../effects/webhook-outbox.server";
import { SYSTEM } from "../parties/system.server";
import {
  deliveryTrigger,
  EVENT_NOT_FOUND,
  listDeliveries,
  MANUAL_SENDS_TOO_OFTEN,
  PING_NOT_REDELIVERED,
  REDELIVER_TOO_SOON,
  redeliverEvent,
  resendDelivery,
  sendTestEvent,
  TEST_EVENT_MESSAGE,
  TEST_EVENT_TOO_SOON,
} from "./webhook-deliveries.server";
import { deliverDueWebhooks } from "./webhook-sending.server";
import { rotateWebhookSecret, SECRET_ROTATED_CONCURRENTLY } from "./webhooks.server";

let t: TestDb;
let db: Database;
let businessId: number;
let endpointId: number;
let owner: User;

beforeEach(async () => {
  ({ t, db, owner, businessId, endpointId } = await webhookWorld());
});

afterEach(() => t.dispose());

const queueEvent = (type?: "team_member.added" | "referral.created") => queueWebhookEvent(db, businessId, type);
const deliveries = () => deliveriesOf(db);

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
    const other = await insertWebhookEndpoint(db, businessId, ["team_member.added"], "https://b.example.com/");
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
    expect(await deliverDueWebhooks(db, SYSTEM, { fetcher })).toBe(1);
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
    const other = await insertWebhookEndpoint(db, businessId, ["referral.created"], "https://b.example.com/");
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
    expect(await deliverDueWebhooks(db, SYSTEM, { fetcher })).toBe(2);
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
