import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { businessReputations, connectorReputations, connectors, referrals } from "../../../db/schema";
import { freshDbEachTest, insertBusiness, insertUser } from "../../../tests/unit-helpers/db";
import { addBusinessDays } from "../../utils/business-days";
import type { Database } from "../../utils/db.server";
import { reputationStaleStatements } from "../effects/reputation-due.server";
import { REPUTATION_MIN_REFERRALS, toBusinessReputation, toConnectorReputation } from "../parties/reputation-view.server";
import { SYSTEM } from "../parties/system.server";
import { addBusinessDaysSql, refreshReputations } from "./reputation.server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// A Wednesday noon (UTC), so "now" is fixed whatever day the tests run.
const NOW = new Date("2026-11-25T12:00:00.000Z");

let db: Database;
freshDbEachTest((fresh) => (db = fresh));

let businessId: number;
let connectorId: number;
let otherConnectorId: number;

beforeEach(async () => {
  const owner = await insertUser(db, { accountType: "business" });
  businessId = (await insertBusiness(db, owner.id, { referralFee: "10%", responseWindowDays: 5 })).id;
  const jane = await insertUser(db);
  const [c] = await db.insert(connectors).values({ userId: jane.id, name: "Jane" }).returning();
  connectorId = c!.id;
  const bob = await insertUser(db);
  const [c2] = await db.insert(connectors).values({ userId: bob.id, name: "Bob" }).returning();
  otherConnectorId = c2!.id;
});

let n = 0;
type Made = {
  createdAt: Date;
  status?: "pending" | "approved" | "completed" | "rejected";
  firstDecidedAt?: Date | null;
  reviewDueAt?: Date | null;
  consentStatus?: "awaiting" | "given" | "declined" | "expired";
  consentDecidedAt?: Date | null;
  connector?: number;
  connectorConfirmation?: "confirmed" | "awaiting";
};
async function make(m: Made) {
  n++;
  await db.insert(referrals).values({
    connectorId: m.connector ?? connectorId,
    businessId,
    referredPersonName: `Person ${n}`,
    referredPersonEmail: `p${n}@example.com`,
    referredPersonPhone: `+65 9000 ${String(n).padStart(4, "0")}`,
    referredEmailKey: `p${n}@example.com`,
    referredPhoneKey: `659000${String(n).padStart(4, "0")}`,
    consentStatus: m.consentStatus ?? "given",
    consentDecidedAt: m.consentDecidedAt ?? null,
    termsReferralFee: "10%",
    termsReferralTerms: "Ten percent of the first invoice.",
    termsCapturedAt: m.createdAt,
    reviewDueAt: m.reviewDueAt ?? null,
    firstDecidedAt: m.firstDecidedAt ?? null,
    cashbackBasisPoints: 500,
    status: m.status ?? "pending",
    registeredBy: m.connectorConfirmation ? "business" : "connector",
    connectorConfirmation: m.connectorConfirmation ?? "confirmed",
    createdAt: m.createdAt,
    updatedAt: m.createdAt,
  });
}

const businessRow = () => db.select().from(businessReputations).where(eq(businessReputations.businessId, businessId)).get();
const connectorRow = (id = connectorId) =>
  db.select().from(connectorReputations).where(eq(connectorReputations.connectorId, id)).get();

describe("addBusinessDaysSql", () => {
  it("computes in SQLite the same deadline as addBusinessDays, for every weekday start and window", async () => {
    const starts: number[] = [];
    // Two weeks of starts, every 7 hours, so each weekday and weekend time of day appears.
    for (let at = Date.UTC(2026, 10, 20, 3); at < Date.UTC(2026, 11, 4); at += 7 * HOUR) starts.push(at);
    for (const days of [0, 1, 3, 4, 5, 6, 9, 10, 12]) {
      for (const start of starts) {
        const row = await db.get<{ at: number }>(sql`select ${addBusinessDaysSql(sql`${start}`, sql`${days}`)} as at`);
        expect(row.at, `${new Date(start).toISOString()} + ${days}`).toBe(addBusinessDays(new Date(start), days).getTime());
      }
    }
  });
});

describe("business reputation (decision 061)", () => {
  it("stays new below five decided referrals, then rates median, accepted share and decisions in time", async () => {
    const decisions = [
      // hours to decide, status now
      [10, "approved"],
      [20, "rejected"],
      [30, "completed"],
      [40, "approved"],
    ] as const;
    const base = NOW.getTime() - 30 * DAY;
    for (const [hours, status] of decisions) {
      const createdAt = new Date(base);
      await make({ createdAt, status, firstDecidedAt: new Date(base + hours * HOUR), reviewDueAt: new Date(base + 25 * HOUR) });
    }
    // Undecided, declined and out-of-window referrals never count towards the figures.
    await make({ createdAt: new Date(base) });
    await make({
      createdAt: new Date(base),
      consentStatus: "declined",
      status: "rejected",
      firstDecidedAt: new Date(base + HOUR),
    });
    await make({
      createdAt: new Date(NOW.getTime() - 400 * DAY),
      status: "approved",
      firstDecidedAt: new Date(NOW.getTime() - 399 * DAY),
    });

    await refreshReputations(db, SYSTEM, NOW);
    const four = await businessRow();
    expect(four).toMatchObject({ referralCount: 5, decidedCount: 4, acceptedCount: 3, decidedInWindowCount: 2 });
    expect(four?.medianDecisionMs).toBe(25 * HOUR);
    expect(toBusinessReputation(repColumns(four))).toEqual({
      status: "new",
      referralCount: 5,
      decidedCount: 4,
      medianHoursToDecision: null,
      acceptedShare: null,
      decidedInTimeShare: null,
      payablesOverdue: 0,
      payoutRequestsOverdue: 0,
      disputesAgainst: 0,
      disputesUpheld: 0,
    });

    // A fifth decision: now rated; the median of 10, 20, 30, 40, 50 hours is 30.
    await make({
      createdAt: new Date(base),
      status: "rejected",
      firstDecidedAt: new Date(base + 50 * HOUR),
      reviewDueAt: new Date(base + 60 * HOUR),
    });
    await db.batch(reputationStaleStatements(db, { businessId, connectorId }) as [never, ...never[]]);
    await refreshReputations(db, SYSTEM, new Date(NOW.getTime() + 1000));
    const five = await businessRow();
    expect(five).toMatchObject({
      referralCount: 6,
      decidedCount: REPUTATION_MIN_REFERRALS,
      acceptedCount: 3,
      decidedInWindowCount: 3,
    });
    expect(toBusinessReputation(repColumns(five))).toEqual({
      status: "rated",
      referralCount: 6,
      decidedCount: 5,
      medianHoursToDecision: 30,
      acceptedShare: 0.6,
      decidedInTimeShare: 0.6,
      payablesOverdue: 0,
      payoutRequestsOverdue: 0,
      disputesAgainst: 0,
      disputesUpheld: 0,
    });
  });

  it("counts the time from consent, and without a review clock judges 'in time' by the response window in business days", async () => {
    // Friday noon consent; 5 business days later is the next Friday noon.
    const created = new Date("2026-10-01T09:00:00.000Z");
    const consent = new Date("2026-10-02T12:00:00.000Z");
    await make({
      createdAt: created,
      consentDecidedAt: consent,
      status: "approved",
      firstDecidedAt: new Date("2026-10-09T12:00:00.000Z"),
    });
    await make({
      createdAt: created,
      consentDecidedAt: consent,
      status: "approved",
      firstDecidedAt: new Date("2026-10-09T12:00:01.000Z"),
    });
    await refreshReputations(db, SYSTEM, NOW);
    const row = await businessRow();
    expect(row).toMatchObject({ decidedCount: 2, decidedInWindowCount: 1 });
    // Even count: the mean of the two middle durations (7 days, and 7 days and a second).
    expect(row?.medianDecisionMs).toBe(7 * DAY + 500);
  });
});

describe("connector reputation", () => {
  it("is the share of the connector's referrals of the last 12 months that completed, new below five", async () => {
    const at = new Date(NOW.getTime() - 10 * DAY);
    for (const status of ["completed", "completed", "rejected", "pending"] as const) await make({ createdAt: at, status });
    await make({ createdAt: at, status: "completed", connector: otherConnectorId });
    await refreshReputations(db, SYSTEM, NOW);
    expect(await connectorRow()).toMatchObject({ referralCount: 4, completedCount: 2 });
    expect(toConnectorReputation({ crepReferralCount: 4, crepCompletedCount: 2 })).toEqual({
      status: "new",
      referralCount: 4,
      completedShare: null,
      disputesRaised: 0,
      disputesUpheld: 0,
    });
    await make({ createdAt: at, status: "approved" });
    await db.batch(reputationStaleStatements(db, { businessId, connectorId }) as [never, ...never[]]);
    await refreshReputations(db, SYSTEM, new Date(NOW.getTime() + 1000));
    const row = await connectorRow();
    expect(row).toMatchObject({ referralCount: 5, completedCount: 2 });
    expect(toConnectorReputation({ crepReferralCount: row!.referralCount, crepCompletedCount: row!.completedCount })).toEqual({
      status: "rated",
      referralCount: 5,
      completedShare: 0.4,
      disputesRaised: 0,
      disputesUpheld: 0,
    });
    expect(await connectorRow(otherConnectorId)).toMatchObject({ referralCount: 1, completedCount: 1 });
  });
});

describe("figures that cannot be farmed (issue 33, part 7; decision 130)", () => {
  /** A business's registration that the connector never confirmed and the person never agreed to. */
  const unconfirmed = { connectorConfirmation: "awaiting", consentStatus: "awaiting" } as const;

  it("counts only referrals the connector made or confirmed and the person consented to, on both sides", async () => {
    const at = new Date(NOW.getTime() - 10 * DAY);
    const decided = new Date(at.getTime() + 5 * HOUR);
    // Five the connector made, consented to and decided: both sides are rated on them.
    for (const status of ["completed", "completed", "approved", "rejected", "completed"] as const) {
      await make({ createdAt: at, status, consentDecidedAt: at, firstDecidedAt: decided });
    }
    // A business's registrations the connector never confirmed, "approved" by the business itself,
    // and referrals whose person never agreed: none of them counts for anyone.
    for (let i = 0; i < 6; i++) {
      await make({ createdAt: at, status: "approved", ...unconfirmed, firstDecidedAt: decided });
    }
    await make({ createdAt: at, status: "pending", consentStatus: "awaiting" });
    await make({ createdAt: at, status: "rejected", consentStatus: "declined", firstDecidedAt: decided });
    await make({ createdAt: at, status: "approved", consentStatus: "awaiting", firstDecidedAt: decided });
    await refreshReputations(db, SYSTEM, NOW);
    expect(await connectorRow()).toMatchObject({ referralCount: 5, completedCount: 3 });
    expect(await businessRow()).toMatchObject({ referralCount: 5, decidedCount: 5, acceptedCount: 4 });
  });

  it("a business's own approvals of referrals nobody confirmed never rate it", async () => {
    const at = new Date(NOW.getTime() - 10 * DAY);
    for (let i = 0; i < 24; i++) {
      await make({ createdAt: at, status: "completed", ...unconfirmed, firstDecidedAt: new Date(at.getTime() + HOUR) });
    }
    await refreshReputations(db, SYSTEM, NOW);
    const row = await businessRow();
    expect(row).toMatchObject({ referralCount: 0, decidedCount: 0, acceptedCount: 0 });
    expect(await connectorRow()).toMatchObject({ referralCount: 0, completedCount: 0 });
  });
});

describe("refreshReputations is bounded", () => {
  it("recomputes at most the limit per run: rows marked due first, then missing ones, then those older than a day", async () => {
    await make({ createdAt: new Date(NOW.getTime() - DAY) });
    // Nothing computed yet: one business and two connectors have no row.
    expect(await refreshReputations(db, SYSTEM, NOW, 1)).toEqual({ businesses: 1, connectors: 1 });
    expect(await refreshReputations(db, SYSTEM, NOW, 1)).toEqual({ businesses: 0, connectors: 1 });
    // Fresh figures are left alone...
    expect(await refreshReputations(db, SYSTEM, new Date(NOW.getTime() + HOUR))).toEqual({ businesses: 0, connectors: 0 });
    // ...until a write marks them due, or a day passes.
    await db.batch(reputationStaleStatements(db, { businessId, connectorId }) as [never, ...never[]]);
    expect(await refreshReputations(db, SYSTEM, new Date(NOW.getTime() + 2 * HOUR))).toEqual({ businesses: 1, connectors: 1 });
    expect(await refreshReputations(db, SYSTEM, new Date(NOW.getTime() + 2 * DAY))).toEqual({ businesses: 1, connectors: 2 });
  });
});

function repColumns(row: Awaited<ReturnType<typeof businessRow>>) {
  if (!row) return null;
  return {
    repReferralCount: row.referralCount,
    repDecidedCount: row.decidedCount,
    repAcceptedCount: row.acceptedCount,
    repInWindowCount: row.decidedInWindowCount,
    repMedianMs: row.medianDecisionMs,
    repPayablesOverdue: row.payablesOverdueCount,
    repPayoutRequestsOverdue: row.payoutRequestsOverdueCount,
  };
}
