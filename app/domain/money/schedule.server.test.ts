import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  businessReputations,
  commissions,
  connectors,
  notifications,
  payouts,
  referrals,
  webhookDeliveries,
  webhookEvents,
} from "../../../db/schema";
import { freshDbEachTest, insertBusiness, insertUser, withRaceBeforeBatch } from "../../../tests/unit-helpers/db";
import { insertWebhookEndpoint } from "../../../tests/unit-helpers/webhooks";
import type { Database } from "../../utils/db.server";
import { refreshReputations } from "../businesses/reputation.server";
import { SYSTEM } from "../parties/system.server";
import { refreshPayablesOverdue } from "./payables.server";
import { releaseDueCommissions } from "./schedule.server";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-25T12:00:00.000Z").getTime();

let db: Database;
freshDbEachTest((fresh) => (db = fresh));

let businessId: number;
let connectorId: number;
let connectorUserId: number;
let referralId: number;

beforeEach(async () => {
  const owner = await insertUser(db, { accountType: "business" });
  businessId = (await insertBusiness(db, owner.id, { companyName: "Clock Co", referralFee: "10%" })).id;
  const jane = await insertUser(db);
  connectorUserId = jane.id;
  const [c] = await db.insert(connectors).values({ userId: jane.id, name: "Jane" }).returning();
  connectorId = c!.id;
  referralId = await newReferral();
  await insertWebhookEndpoint(db, businessId, ["commission.payable"]);
});

let n = 0;
async function newReferral() {
  n++;
  const [r] = await db
    .insert(referrals)
    .values({
      connectorId,
      businessId,
      referredPersonName: "Ann Lee",
      referredPersonEmail: `ann${n}@example.com`,
      referredPersonPhone: `+65 9000 ${String(n).padStart(4, "0")}`,
      referredEmailKey: `ann${n}@example.com`,
      referredPhoneKey: `659000${String(n).padStart(4, "0")}`,
      consentStatus: "given",
      termsReferralFee: "10%",
      termsReferralTerms: "Ten percent of the first invoice.",
      termsCapturedAt: new Date(NOW - 60 * DAY),
      cashbackBasisPoints: 1000,
      status: "completed",
      createdAt: new Date(NOW - 60 * DAY),
      updatedAt: new Date(NOW - 60 * DAY),
    })
    .returning();
  return r!.id;
}

/** A commission (of the first referral, or of a new one when `own`), written as the ledger would. */
async function commission(values: {
  status?: "pending" | "payable" | "paid" | "reversed";
  payableAt: number;
  amountMinor?: number;
  kind?: "commission" | "adjustment";
  own?: boolean;
}) {
  const [row] = await db
    .insert(commissions)
    .values({
      referralId: values.own ? await newReferral() : referralId,
      connectorId,
      businessId,
      kind: values.kind ?? "commission",
      status: values.status ?? "pending",
      currency: "SGD",
      amountMinor: values.amountMinor ?? 12345,
      revenueMinor: 123450,
      cashbackBasisPoints: 1000,
      holdDays: 30,
      payableAt: new Date(values.payableAt),
      createdAt: new Date(values.payableAt - 30 * DAY),
    })
    .returning();
  return row!;
}

const statusOf = async (id: number) => (await db.select().from(commissions).where(eq(commissions.id, id)).get())?.status;
const events = () => db.select().from(webhookEvents).where(eq(webhookEvents.type, "commission.payable"));
const notices = () => db.select().from(notifications).where(eq(notifications.userId, connectorUserId));

describe("releaseDueCommissions (decision 069)", () => {
  it("makes a pending commission payable once its payable_at has passed, with one event and one notice, once", async () => {
    const due = await commission({ payableAt: NOW - 1000 });
    expect(await releaseDueCommissions(db, SYSTEM, NOW)).toBe(1);
    expect(await statusOf(due.id)).toBe("payable");
    const [event, ...moreEvents] = await events();
    expect(moreEvents).toEqual([]);
    expect(JSON.parse(event!.payload)).toMatchObject({
      type: "commission.payable",
      businessId,
      data: {
        id: due.id,
        referralId,
        connectorId,
        businessId,
        kind: "commission",
        status: "payable",
        amountMinor: 12345,
        amount: "123.45",
        currency: "SGD",
        payableAt: new Date(NOW - 1000).toISOString(),
      },
    });
    expect(await db.select().from(webhookDeliveries)).toHaveLength(1);
    expect(await notices()).toMatchObject([
      {
        title: "Commission payable: SGD 123.45 from Clock Co",
        link: "/earnings",
        referralId,
      },
    ]);
    // A second run finds nothing.
    expect(await releaseDueCommissions(db, SYSTEM, NOW + 60_000)).toBe(0);
    expect(await events()).toHaveLength(1);
    expect(await notices()).toHaveLength(1);
  });

  it("leaves a commission whose hold has not passed", async () => {
    const later = await commission({ payableAt: NOW + 1000 });
    expect(await releaseDueCommissions(db, SYSTEM, NOW)).toBe(0);
    expect(await statusOf(later.id)).toBe("pending");
    expect(await events()).toEqual([]);
  });

  it("a commission reversed between the read and the batch is neither made payable nor announced", async () => {
    const due = await commission({ payableAt: NOW - 1000 });
    const raced = withRaceBeforeBatch(db, () =>
      db
        .update(commissions)
        .set({ status: "reversed", reversedAt: new Date(NOW), reversalReason: "left_completed", supersededAt: new Date(NOW) })
        .where(eq(commissions.id, due.id)),
    );
    expect(await releaseDueCommissions(raced, SYSTEM, NOW)).toBe(0);
    expect(await statusOf(due.id)).toBe("reversed");
    expect(await events()).toEqual([]);
    expect(await db.select().from(webhookDeliveries)).toEqual([]);
    expect(await notices()).toEqual([]);
  });

  it("releases at most the limit per run, the oldest due first", async () => {
    const middle = await commission({ payableAt: NOW - 2 * DAY, own: true });
    const newest = await commission({ payableAt: NOW - 1 * DAY, own: true });
    const oldest = await commission({ payableAt: NOW - 3 * DAY, own: true });
    expect(await releaseDueCommissions(db, SYSTEM, NOW, 2)).toBe(2);
    expect([await statusOf(oldest.id), await statusOf(middle.id), await statusOf(newest.id)]).toEqual([
      "payable",
      "payable",
      "pending",
    ]);
    expect(await releaseDueCommissions(db, SYSTEM, NOW, 2)).toBe(1);
    expect(await statusOf(newest.id)).toBe("payable");
    expect(await events()).toHaveLength(3);
  });
});

describe("overdue payables in the reputation (decision 069)", () => {
  it("counts commissions payable for more than 30 days (not adjustments), and the per-run refresh follows payments", async () => {
    await commission({ status: "payable", payableAt: NOW - 31 * DAY });
    // A clawback adjustment payable as long is owed to the business, not by it: not counted.
    await commission({ status: "payable", kind: "adjustment", amountMinor: -500, payableAt: NOW - 40 * DAY });
    // Payable for 29 days: not yet.
    await commission({ status: "payable", payableAt: NOW - 29 * DAY, own: true });
    await refreshReputations(db, SYSTEM, new Date(NOW));
    const row = () => db.select().from(businessReputations).where(eq(businessReputations.businessId, businessId)).get();
    expect((await row())?.payablesOverdueCount).toBe(1);
    // Paid (as a payout leaves it): the next run's refresh brings the count back to 0 without a recompute.
    const [payout] = await db
      .insert(payouts)
      .values({
        businessId,
        connectorId,
        currency: "SGD",
        amountMinor: 12345,
        method: "bank_transfer",
        reference: "T-1",
        paidAt: new Date(NOW),
      })
      .returning();
    await db
      .update(commissions)
      .set({ status: "paid", payoutId: payout!.id, paidAt: new Date(NOW) })
      .where(eq(commissions.businessId, businessId));
    expect(await refreshPayablesOverdue(db, SYSTEM, NOW)).toBe(1);
    expect((await row())?.payablesOverdueCount).toBe(0);
    expect(await refreshPayablesOverdue(db, SYSTEM, NOW)).toBe(0);
  });
});
