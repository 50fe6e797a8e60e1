import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import {
  businesses,
  referrals,
  teamMembers,
  type User,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_VERSIONS,
  type WebhookEventType,
  webhookDeliveries,
} from "../../db/schema";
import { freshDbEachTest, insertReferralParties, insertUser, withRaceBeforeBatch } from "../../tests/unit-helpers/db";
import { appError } from "../../tests/unit-helpers/errors";
import { ACME } from "../../tests/unit-helpers/fixtures";
import { insertWebhookEndpoint } from "../../tests/unit-helpers/webhooks";
import { webhookEvents } from "../openapi/webhook-payloads";
import { sha256Hex } from "../utils/crypto.server";
import type { Database } from "../utils/db.server";
import { updateBusiness } from "./businesses/businesses.server";
import { requireReferralUpdater } from "./referrals/access.server";
import { postMessage, requireMessageWriter } from "./referrals/messages.server";
import { updateReferralProgress } from "./referrals/referrals.server";
import { acceptInvitation } from "./teams/invitations.server";
import { ALREADY_ACCEPTED, addTeamMember, INVITATION_TTL_MS, resendInvitation } from "./teams/members.server";

// Issue 19, decision 080: the state changes that emitted no event now do, each in the batch of its
// change, with a versioned envelope whose payload is what the catalogue documents.

let db: Database;
let owner: User;
let businessId: number;
let connectorId: number;
let referralId: number;

freshDbEachTest((fresh) => (db = fresh), { quiet: ["info"] });
beforeEach(async () => {
  const parties = await insertReferralParties(db, { consentStatus: "given", status: "approved" });
  owner = parties.owner;
  businessId = parties.business.id;
  connectorId = parties.connector.id;
  referralId = parties.referral.id;
  // Subscribed to everything: today events are stored only for a subscribed type.
  await insertWebhookEndpoint(db, businessId, WEBHOOK_EVENT_TYPES);
});

type StoredEvent = {
  id: string;
  type: WebhookEventType;
  version: number;
  createdAt: string;
  businessId: number;
  data: Record<string, unknown>;
  row: Record<string, unknown>;
};

async function events(type?: WebhookEventType): Promise<StoredEvent[]> {
  const rows = await db.all<Record<string, unknown>>(sql`select * from webhook_events order by created_at, rowid`);
  return rows
    .map((row) => ({ ...(JSON.parse(String(row.payload)) as Omit<StoredEvent, "row">), row }))
    .filter((e) => !type || e.type === type);
}

/**
 * The stored event is the documented envelope, at its type's version, and its payload passes the
 * catalogue's (strict) schema. Its connector is the one given, once webhook_events has the column
 * (migration 0019 of the event feed).
 */
function expectDocumented(event: StoredEvent | undefined, type: WebhookEventType, connector: number | null) {
  expect(event?.type).toBe(type);
  const { row, ...envelope } = event!;
  expect(Object.keys(envelope)).toEqual(["id", "type", "version", "createdAt", "businessId", "data"]);
  expect(envelope.version).toBe(WEBHOOK_EVENT_VERSIONS[type]);
  expect(envelope.businessId).toBe(businessId);
  const parsed = webhookEvents()[type].schema.safeParse(envelope);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  if ("connector_id" in row) expect(row.connector_id).toBe(connector);
}

async function deliveriesOf(eventId: string) {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
}

describe("referral.updated", () => {
  const progress = { status: "approved" as const, revenueCurrency: "SGD" as const };

  test("is written when progress keeps the status but changes revenue or notes, naming what changed", async () => {
    const updatable = await requireReferralUpdater(db, owner, referralId);
    await updateReferralProgress(db, owner, updatable, { ...progress, revenueReceived: 250, statusNotes: "Quote sent" });
    const [event] = await events("referral.updated");
    expectDocumented(event, "referral.updated", connectorId);
    expect(event?.data).toMatchObject({
      id: referralId,
      status: "approved",
      revenueReceived: 250,
      feeAmount: 12.5,
      statusNotes: "Quote sent",
      changedFields: ["revenueReceived", "statusNotes", "feeAmount"],
      businessName: ACME.companyName,
      connectorName: "Jane Connector",
    });
    expect(await deliveriesOf(event!.id)).toHaveLength(1);
    expect(await events("referral.status_changed")).toHaveLength(0);
  });

  test("is not written for a save that changes nothing, nor for a status change (referral.status_changed is)", async () => {
    const input = { ...progress, statusNotes: "Called" };
    await updateReferralProgress(db, owner, await requireReferralUpdater(db, owner, referralId), input);
    await updateReferralProgress(db, owner, await requireReferralUpdater(db, owner, referralId), input);
    expect((await events("referral.updated")).map((e) => e.data.changedFields)).toEqual([["statusNotes"]]);

    await updateReferralProgress(db, owner, await requireReferralUpdater(db, owner, referralId), {
      ...input,
      status: "completed",
      revenueReceived: 100,
    });
    expect(await events("referral.updated")).toHaveLength(1);
    const [changed] = await events("referral.status_changed");
    expect(changed?.data).toMatchObject({ previousStatus: "approved", status: "completed", revenueReceived: 100 });
  });

  test("shows the person's contact details only once they consented, as every referral event", async () => {
    await db.update(referrals).set({ consentStatus: "awaiting" }).where(eq(referrals.id, referralId));
    await updateReferralProgress(db, owner, await requireReferralUpdater(db, owner, referralId), {
      ...progress,
      statusNotes: "Waiting for them",
    });
    const [event] = await events("referral.updated");
    expect(event?.data).toMatchObject({ referredPersonEmail: null, referredPersonPhone: null, consentStatus: "awaiting" });
  });
});

describe("referral.message_posted", () => {
  test("carries the message as the API returns it, with the stored id, for the referral's connector", async () => {
    const writer = await requireMessageWriter(db, owner, referralId);
    const message = await postMessage(db, owner, writer, { body: "Thanks! We called Ann today." });
    const [event] = await events("referral.message_posted");
    expectDocumented(event, "referral.message_posted", connectorId);
    expect(event?.data).toEqual(message);
    expect(message).toMatchObject({ referralId, authorSide: "business", authorName: "Olive Owner" });
  });

  test("is not written when the post is refused (a platform admin may read, not write)", async () => {
    const admin = await insertUser(db, { isAdmin: true });
    expect((await appError(requireMessageWriter(db, admin, referralId))).status).toBe(403);
    expect(await events()).toHaveLength(0);
  });
});

describe("team_member.invitation_resent and team_member.joined", () => {
  async function invite(email = "sam@acme.example.com") {
    const member = await addTeamMember(db, owner, businessId, { name: "Sam Lee", email, role: "member" });
    // Sent over a minute ago, so it may be sent again.
    const earlier = new Date(Date.now() + INVITATION_TTL_MS - 2 * 60_000);
    await db.update(teamMembers).set({ invitationExpiresAt: earlier }).where(eq(teamMembers.id, member.id));
    return member;
  }

  /** What the invitation's mail does when it goes out: a token whose hash the seat keeps. */
  async function mailedToken(memberId: number, token: string) {
    await db
      .update(teamMembers)
      .set({ invitationTokenHash: await sha256Hex(token) })
      .where(eq(teamMembers.id, memberId));
    return token;
  }

  test("a resent invitation is an event with the seat's new expiry, and no token", async () => {
    const member = await invite();
    const resent = await resendInvitation(db, owner, member.id);
    const [event] = await events("team_member.invitation_resent");
    expectDocumented(event, "team_member.invitation_resent", null);
    expect(event?.data).toEqual(resent);
    expect(event?.data).toMatchObject({ id: member.id, status: "invited", registered: false });
    expect(JSON.stringify(event)).not.toMatch(/token/i);
  });

  test("a resend that an acceptance overtook writes no event", async () => {
    const member = await invite();
    const sam = await insertUser(db);
    const raced = withRaceBeforeBatch(db, () =>
      db.update(teamMembers).set({ userId: sam.id, acceptedAt: new Date() }).where(eq(teamMembers.id, member.id)),
    );
    const refused = await appError(resendInvitation(raced, owner, member.id));
    expect([refused.status, refused.message]).toEqual([409, ALREADY_ACCEPTED]);
    expect(await events("team_member.invitation_resent")).toHaveLength(0);
  });

  test("accepting is team_member.joined: the seat, now active", async () => {
    const member = await invite();
    const token = await mailedToken(member.id, "join-token-0123456789");
    const sam = await insertUser(db, { emailVerifiedAt: new Date() });
    const accepted = await acceptInvitation(db, sam, token);
    const [event] = await events("team_member.joined");
    expectDocumented(event, "team_member.joined", null);
    expect(event?.data).toEqual(accepted.member);
    expect(event?.data).toMatchObject({ id: member.id, status: "active", registered: true, invitationExpiresAt: null });
  });

  test("an acceptance someone else's took first writes no event", async () => {
    const member = await invite();
    const token = await mailedToken(member.id, "join-token-race-0123456789");
    const [sam, other] = [await insertUser(db, { emailVerifiedAt: new Date() }), await insertUser(db)];
    const raced = withRaceBeforeBatch(db, () =>
      db.update(teamMembers).set({ userId: other.id, acceptedAt: new Date() }).where(eq(teamMembers.id, member.id)),
    );
    expect((await appError(acceptInvitation(raced, sam, token))).status).toBe(404);
    expect(await events("team_member.joined")).toHaveLength(0);
  });
});

describe("business.updated", () => {
  const input = { ...ACME, responseWindowDays: 5, holdDays: 30 };

  test("names the changed profile fields and carries the profile with its contact details, no figures", async () => {
    await updateBusiness(db, owner, businessId, { ...input, referralFee: "12%", contactEmail: "partners@acme.example.com" });
    const [event] = await events("business.updated");
    expectDocumented(event, "business.updated", null);
    expect(event?.data).toMatchObject({
      id: businessId,
      userId: owner.id,
      companyName: ACME.companyName,
      referralFee: "12%",
      contactEmail: "partners@acme.example.com",
      changedFields: ["referralFee", "contactEmail"],
    });
    expect(event?.data).not.toHaveProperty("reputation");
    const [stored] = await db.select().from(businesses).where(eq(businesses.id, businessId));
    expect(event?.data.updatedAt).toBe(stored?.updatedAt.toISOString());
  });

  test("is not written for a save that changes nothing, nor for one the UEN check refuses inside the batch", async () => {
    await updateBusiness(db, owner, businessId, input);
    expect(await events("business.updated")).toHaveLength(0);

    const other = await insertUser(db, { accountType: "business" });
    const raced = withRaceBeforeBatch(db, () => db.insert(businesses).values({ userId: other.id, ...ACME, uen: "209900001Z" }));
    expect((await appError(updateBusiness(raced, owner, businessId, { ...input, uen: "209900001Z" }))).status).toBe(409);
    expect(await events("business.updated")).toHaveLength(0);
  });

  test("is not written for someone who may not edit the profile", async () => {
    const stranger = await insertUser(db);
    expect((await appError(updateBusiness(db, stranger, businessId, { ...input, referralFee: "50%" }))).status).toBe(404);
    expect(await events()).toHaveLength(0);
  });
});

test("every event type has a version, and the documented examples carry it", () => {
  for (const type of WEBHOOK_EVENT_TYPES) {
    expect(WEBHOOK_EVENT_VERSIONS[type], type).toBe(1);
    expect(webhookEvents()[type].example.version, type).toBe(WEBHOOK_EVENT_VERSIONS[type]);
  }
});
