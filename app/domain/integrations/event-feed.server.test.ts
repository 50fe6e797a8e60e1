import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { connectors, teamMembers, type WebhookEventType, webhookDeliveries, webhookEvents } from "../../../db/schema";
import { freshDbEachTest, insertBusiness, insertUser } from "../../../tests/unit-helpers/db";
import { insertWebhookEndpoint } from "../../../tests/unit-helpers/webhooks";
import type { Database } from "../../utils/db.server";
import { EventQuerySchema, eventQueryInput } from "../../validation/events";
import { webhookEventStatements } from "../effects/webhook-outbox.server";
import {
  EVENT_PRUNE_CHUNK,
  eventFeedScope,
  expiredEventsStatement,
  listEvents,
  PERSONAL_KEY_EVENTS_ONLY,
} from "./event-feed.server";

/** The event feed (decision 078): every event stored, paged by id in commit order, scoped, pruned. */

let db: Database;
let owner: { id: number; isAdmin: boolean };
let businessId: number;
let connectorId: number;
let connectorUser: { id: number; isAdmin: boolean };

const newBusiness = async (userId: number, name: string) => (await insertBusiness(db, userId, { companyName: name })).id;

freshDbEachTest((fresh) => (db = fresh));
beforeEach(async () => {
  const o = await insertUser(db);
  owner = { id: o.id, isAdmin: false };
  businessId = await newBusiness(o.id, "Acme");
  const c = await insertUser(db);
  connectorUser = { id: c.id, isAdmin: false };
  connectorId = (await db.insert(connectors).values({ userId: c.id, name: "Jane" }).returning().get()).id;
});

async function emit(
  type: WebhookEventType,
  data: Record<string, unknown> = {},
  extra: { connectorId?: number; businessId?: number } = {},
) {
  const statements = webhookEventStatements(db, {
    businessId: extra.businessId ?? businessId,
    type,
    data,
    connectorId: extra.connectorId,
  });
  await db.batch(statements);
  const [row] = await db.select().from(webhookEvents).orderBy(sql`${webhookEvents.seq} desc`).limit(1);
  return row!;
}

const query = (params: string) => EventQuerySchema.parse(eventQueryInput(new URLSearchParams(params)));
const ids = (page: { items: { id: string }[] }) => page.items.map((e) => e.id);

describe("the event rows", () => {
  test("are written even when no endpoint subscribes, with their connector and the next seq; deliveries only for subscribers", async () => {
    const first = await emit("referral.created", { id: 1 }, { connectorId });
    const second = await emit("team_member.added", { id: 2 });
    expect(first).toMatchObject({ type: "referral.created", connectorId, seq: 1 });
    expect(second).toMatchObject({ type: "team_member.added", connectorId: null, seq: 2 });
    expect(await db.select().from(webhookDeliveries)).toEqual([]);
    await insertWebhookEndpoint(db, businessId, ["team_member.added"]);
    const third = await emit("team_member.added");
    await emit("referral.created");
    expect((await db.select().from(webhookDeliveries)).map((d) => d.eventId)).toEqual([third.id]);
  });

  test("a `when` that does not hold writes neither the event nor its deliveries", async () => {
    await db.batch(webhookEventStatements(db, { businessId, type: "referral.created", data: {}, when: sql`0` }));
    expect(await db.select().from(webhookEvents)).toEqual([]);
  });

  test("a connector's deletion keeps the event and clears its connector", async () => {
    const event = await emit("referral.created", {}, { connectorId });
    await db.delete(connectors).where(eq(connectors.id, connectorId));
    const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(row?.connectorId).toBeNull();
  });
});

describe("listEvents", () => {
  test("pages newest first by startingAfter without gaps or repeats while events arrive, and endingBefore reaches the new ones", async () => {
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push((await emit("referral.created", { i })).id);
    const seen: string[] = [];
    const arrived: string[] = [];
    let page = await listEvents(db, owner, query(`businessId=${businessId}&limit=5`));
    const newest = page.items[0]!.id;
    for (;;) {
      seen.push(...ids(page));
      arrived.push((await emit("referral.created", { late: true })).id);
      if (!page.hasMore) break;
      page = await listEvents(db, owner, query(`businessId=${businessId}&limit=5&startingAfter=${page.items.at(-1)!.id}`));
    }
    expect(seen).toEqual([...made].reverse());
    // Forward from the newest seen: the arrivals, oldest first in line, each page newest first.
    const forward: string[] = [];
    let cursor = newest;
    for (;;) {
      const next = await listEvents(db, owner, query(`businessId=${businessId}&limit=2&endingBefore=${cursor}`));
      forward.unshift(...ids(next));
      if (next.items.length) cursor = next.items[0]!.id;
      if (!next.hasMore) break;
    }
    expect(forward).toEqual([...arrived].reverse());
  });

  test("filters by type and by time, and answers the stored payload", async () => {
    const a = await emit("referral.created", { n: 1 });
    await emit("team_member.added", { n: 2 });
    const c = await emit("payout.recorded", { n: 3 });
    const page = await listEvents(db, owner, query(`businessId=${businessId}&type=referral.created,payout.recorded`));
    expect(ids(page)).toEqual([c.id, a.id]);
    expect(JSON.parse(page.items[1]!.payload)).toEqual({
      id: a.id,
      type: "referral.created",
      version: 1,
      createdAt: a.createdAt.toISOString(),
      businessId,
      data: { n: 1 },
    });
    const repeated = await listEvents(db, owner, query(`businessId=${businessId}&type=payout.recorded&type=team_member.added`));
    expect(repeated.items.map((e) => e.type)).toEqual(["payout.recorded", "team_member.added"]);
    await db
      .update(webhookEvents)
      .set({ createdAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(webhookEvents.id, a.id));
    expect(ids(await listEvents(db, owner, query(`businessId=${businessId}&createdBefore=2026-01-02`)))).toEqual([a.id]);
    expect(
      ids(await listEvents(db, owner, query(`businessId=${businessId}&createdFrom=2026-01-01T00:00:00.001Z`))),
    ).not.toContain(a.id);
  });

  test("an unknown or another feed's cursor is a 400 naming the field", async () => {
    const otherBusiness = await newBusiness((await insertUser(db)).id, "Other");
    const foreign = await emit("referral.created", {}, { businessId: otherBusiness });
    await expect(listEvents(db, owner, query(`businessId=${businessId}&startingAfter=${foreign.id}`))).rejects.toMatchObject({
      status: 400,
      errors: { startingAfter: ["startingAfter is not an event in this feed (events are kept 30 days)"] },
    });
    await expect(listEvents(db, owner, query(`businessId=${businessId}&endingBefore=evt_nope`))).rejects.toMatchObject({
      status: 400,
      errors: { endingBefore: ["endingBefore is not an event in this feed (events are kept 30 days)"] },
    });
  });

  test("a connector sees their own events, never team events; an empty feed without a profile", async () => {
    const mine = await emit("referral.created", {}, { connectorId });
    await emit("referral.created", {});
    await emit("team_member.added", {});
    const commission = await emit("commission.created", {}, { connectorId });
    expect(ids(await listEvents(db, connectorUser, query("")))).toEqual([commission.id, mine.id]);
    expect(ids(await listEvents(db, connectorUser, query("type=team_member.added")))).toEqual([]);
    expect(ids(await listEvents(db, owner, query("")))).toEqual([]);
  });
});

describe("eventFeedScope", () => {
  const key = (businessId: number | null, scopes: ("referrals:read" | "team:read" | "commissions:read")[]) => ({
    id: 50,
    isAdmin: false,
    apiKey: { id: 9, businessId, scopes },
  });

  test("a business key reads its business, only the types its scopes read; another business is not found", async () => {
    const { scope, types } = await eventFeedScope(db, key(businessId, ["referrals:read"]), {});
    expect(scope).toEqual({ by: "business", businessId });
    expect(types).toEqual([
      "referral.created",
      "referral.status_changed",
      "referral.consent_changed",
      "referral.updated",
      "referral.message_posted",
      "business.updated",
      // Disputes are about referrals (issue 38, decision 194): referrals:read reads them.
      "dispute.opened",
      "dispute.answered",
      "dispute.resolved",
    ]);
    await expect(eventFeedScope(db, key(businessId, ["referrals:read"]), { type: ["team_member.added"] })).rejects.toMatchObject({
      status: 403,
      message: "This API key lacks the team:read scope",
    });
    await expect(eventFeedScope(db, key(businessId, ["team:read"]), { businessId: businessId + 1 })).rejects.toMatchObject({
      status: 404,
      message: "Business not found",
    });
  });

  test("a personal key reads its connector's events and may not name a business", async () => {
    const { scope, types } = await eventFeedScope(db, key(null, ["referrals:read", "commissions:read"]), {});
    expect(scope).toEqual({ by: "connector", userId: 50 });
    expect(types).not.toContain("team_member.added");
    expect(types).toContain("payout.recorded");
    await expect(eventFeedScope(db, key(null, ["referrals:read"]), { businessId })).rejects.toMatchObject({
      status: 403,
      message: PERSONAL_KEY_EVENTS_ONLY,
    });
  });

  test("a session names a business it owns or is a team admin of; a plain member is refused, a stranger not found", async () => {
    const admin = await insertUser(db);
    const member = await insertUser(db);
    const stranger = await insertUser(db);
    await db.insert(teamMembers).values([
      { businessId, name: "Ad", email: "ad@example.com", role: "admin", userId: admin.id },
      { businessId, name: "Me", email: "me@example.com", role: "member", userId: member.id },
    ]);
    expect((await eventFeedScope(db, owner, { businessId })).scope).toEqual({ by: "business", businessId });
    expect((await eventFeedScope(db, { id: admin.id, isAdmin: false }, { businessId })).scope).toEqual({
      by: "business",
      businessId,
    });
    await expect(eventFeedScope(db, { id: member.id, isAdmin: false }, { businessId })).rejects.toMatchObject({ status: 403 });
    await expect(eventFeedScope(db, { id: stranger.id, isAdmin: false }, { businessId })).rejects.toMatchObject({
      status: 404,
      message: "Business not found",
    });
  });
});

describe("the query", () => {
  const errorsOf = (params: string) => {
    const result = EventQuerySchema.safeParse(eventQueryInput(new URLSearchParams(params)));
    return result.success ? null : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  test("refuses unknown types, bad times, both cursors and out-of-range limits", () => {
    expect(errorsOf("type=referral.created,referral.deleted")?.[0]).toMatch(/^type: type must be one of referral.created, /);
    expect(errorsOf("createdFrom=yesterday")).toEqual([
      "createdFrom: createdFrom must be an ISO 8601 time, e.g. 2026-11-24T09:30:00Z, or a date",
    ]);
    expect(errorsOf("createdFrom=2026-11-24T10:00:00")).toHaveLength(1);
    expect(errorsOf("createdBefore=2026-02-30")).toEqual([
      "createdBefore: createdBefore must be an ISO 8601 time, e.g. 2026-11-24T09:30:00Z, or a date",
    ]);
    expect(errorsOf("startingAfter=evt_a&endingBefore=evt_b")).toEqual([
      "endingBefore: Use startingAfter or endingBefore, not both",
    ]);
    expect(errorsOf("limit=101")).toEqual(["limit: limit must be at most 100"]);
    expect(errorsOf("startingAfter=42")).toEqual(["startingAfter: startingAfter must be an event id (evt_...)"]);
    expect(errorsOf("createdFrom=2026-11-24&createdBefore=2026-11-24")).toEqual([
      "createdBefore: createdBefore must be later than createdFrom",
    ]);
    expect(query("createdFrom=2026-11-24T10:00:00%2B08:00").createdFrom?.toISOString()).toBe("2026-11-24T02:00:00.000Z");
    expect(query("").limit).toBe(25);
  });
});

describe("retention", () => {
  test("deletes events older than 30 days with their deliveries, oldest first, a chunk per run", async () => {
    const endpoint = await insertWebhookEndpoint(db, businessId, ["referral.created"]);
    const old = await emit("referral.created");
    const kept = await emit("referral.created");
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    await db
      .update(webhookEvents)
      .set({ createdAt: new Date(now - 30 * day - 1000) })
      .where(eq(webhookEvents.id, old.id));
    await db
      .update(webhookEvents)
      .set({ createdAt: new Date(now - 30 * day + 60_000) })
      .where(eq(webhookEvents.id, kept.id));
    await expiredEventsStatement(db, now);
    expect((await db.select().from(webhookEvents)).map((e) => e.id)).toEqual([kept.id]);
    expect((await db.select().from(webhookDeliveries)).map((d) => [d.eventId, d.endpointId])).toEqual([[kept.id, endpoint.id]]);

    // More than a chunk: one run deletes EVENT_PRUNE_CHUNK, the oldest; the next the rest.
    const values = Array.from({ length: EVENT_PRUNE_CHUNK + 5 }, (_, i) => ({
      id: `evt_old${i}`,
      businessId,
      type: "referral.created" as const,
      payload: "{}",
      createdAt: new Date(now - 40 * day + i),
      seq: 1000 + i,
    }));
    for (let i = 0; i < values.length; i += 100) await db.insert(webhookEvents).values(values.slice(i, i + 100));
    await expiredEventsStatement(db, now);
    expect(await db.select({ id: webhookEvents.id }).from(webhookEvents).orderBy(webhookEvents.seq)).toEqual([
      { id: kept.id },
      ...values.slice(EVENT_PRUNE_CHUNK).map((v) => ({ id: v.id })),
    ]);
    await expiredEventsStatement(db, now);
    expect(await db.select({ id: webhookEvents.id }).from(webhookEvents)).toEqual([{ id: kept.id }]);
  });
});
