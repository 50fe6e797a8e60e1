import { beforeAll, describe, expect, it } from "vitest";
import { client } from "./helpers/app";
import { referWithConsent } from "./helpers/introductions";
import { type ReferralBody, referralRow } from "./helpers/marketplace";
import { newBusiness } from "./helpers/parties";
import { progressFile } from "./helpers/progress";
import { errorOf } from "./helpers/responses";

const { app, parties, sideEffectCounts } = progressFile();
const { business, connector, teamMember, admin, stranger } = parties;

type ReferralRow = {
  status: string;
  revenue_received: number | null;
  revenue_currency: string;
  status_notes: string | null;
  fee_amount: number | null;
  updated_at: number;
};

const rowOf = (id: number) =>
  referralRow<ReferralRow>(app, id, "status, revenue_received, revenue_currency, status_notes, fee_amount, updated_at");

describe("PATCH /api/referrals/{id}: fee arithmetic", () => {
  const cases: [string, number, number, number | null, number | null][] = [
    // [label, cashback %, revenue, expected feeAmount, expected stored fee_amount]
    ["1234.50 at 10%", 10, 1234.5, 123.45, 12345],
    ["0.05 at 10% rounds half up", 10, 0.05, 0.01, 1],
    ["0.04 at 10% rounds down", 10, 0.04, 0, 0],
    ["10.05 at 12.5% rounds half up", 12.5, 10.05, 1.26, 126],
    ["0.15 at 10%", 10, 0.15, 0.02, 2],
    ["999.99 at 33.3%", 33.3, 999.99, 333, 33300],
    ["1,000,000,000 at 100%", 100, 1_000_000_000, 1_000_000_000, 100_000_000_000],
    ["any revenue at 0%", 0, 500, 0, 0],
  ];

  it.each(cases)("%s", async (_label, cashbackPercentage, revenueReceived, feeAmount, stored) => {
    const { referral } = await referWithConsent(app, connector.client, business.business.id, { cashbackPercentage });
    const res = await business.client.patch(`/api/referrals/${referral.id}`, {
      status: "completed",
      revenueReceived,
      revenueCurrency: "USD",
      // Another cashback than the business's 10% is a proposal (issue 33): the business accepts it.
      ...(cashbackPercentage === 10 ? {} : { cashbackProposal: "accept" }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReferralBody;
    expect(body).toMatchObject({ id: referral.id, status: "completed", revenueReceived, revenueCurrency: "USD", feeAmount });
    expect(await rowOf(referral.id)).toMatchObject({
      status: "completed",
      revenue_received: Math.round(revenueReceived * 100),
      revenue_currency: "USD",
      fee_amount: stored,
    });
  });

  it("stores revenue 1234.50 at 10% as 123450 and 12345 hundredths", async () => {
    const { referral } = await referWithConsent(app, connector.client, business.business.id, { cashbackPercentage: 10 });
    await business.client.patch(`/api/referrals/${referral.id}`, { status: "approved", revenueReceived: 1234.5 });
    expect(await rowOf(referral.id)).toMatchObject({
      revenue_received: 123450,
      fee_amount: 12345,
      revenue_currency: "SGD",
    });
  });

  it("gives a null fee for null or missing revenue, and clears an earlier revenue", async () => {
    const { referral } = await referWithConsent(app, connector.client, business.business.id);
    const first = await business.client.patch(`/api/referrals/${referral.id}`, { status: "approved", revenueReceived: 100 });
    expect(((await first.json()) as ReferralBody).feeAmount).toBe(10);
    const cleared = await business.client.patch(`/api/referrals/${referral.id}`, { status: "approved", revenueReceived: null });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ revenueReceived: null, feeAmount: null, revenueCurrency: "SGD" });
    expect(await rowOf(referral.id)).toMatchObject({ revenue_received: null, fee_amount: null });
    const omitted = await business.client.patch(`/api/referrals/${referral.id}`, { status: "pending" });
    expect(await omitted.json()).toMatchObject({ status: "pending", revenueReceived: null, feeAmount: null });
  });

  it("defaults the currency to SGD and accepts every listed currency", async () => {
    const { referral } = await referWithConsent(app, connector.client, business.business.id);
    for (const currency of ["SGD", "USD", "EUR", "GBP", "AUD", "JPY", "CNY", "HKD", "MYR", "IDR"]) {
      const res = await business.client.patch(`/api/referrals/${referral.id}`, {
        status: "approved",
        revenueReceived: 1,
        revenueCurrency: currency,
      });
      expect(res.status).toBe(200);
      expect((await rowOf(referral.id)).revenue_currency).toBe(currency);
    }
    await business.client.patch(`/api/referrals/${referral.id}`, { status: "approved", revenueReceived: 1 });
    expect((await rowOf(referral.id)).revenue_currency).toBe("SGD");
  });
});

describe("PATCH /api/referrals/{id}: bad input", () => {
  let referral: ReferralBody;
  beforeAll(async () => {
    ({ referral } = await referWithConsent(app, connector.client, business.business.id, { cashbackPercentage: 10 }));
    const res = await business.client.patch(`/api/referrals/${referral.id}`, {
      status: "approved",
      revenueReceived: 50,
      revenueCurrency: "EUR",
      statusNotes: "Kept",
    });
    expect(res.status).toBe(200);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ["an unknown status", { status: "paid" }, "status"],
    ["a missing status", {}, "status"],
    ["an unknown currency", { status: "completed", revenueReceived: 10, revenueCurrency: "BTC" }, "revenueCurrency"],
    ["a lowercase currency", { status: "completed", revenueReceived: 10, revenueCurrency: "usd" }, "revenueCurrency"],
    ["negative revenue", { status: "completed", revenueReceived: -1 }, "revenueReceived"],
    ["non-numeric revenue", { status: "completed", revenueReceived: "abc" }, "revenueReceived"],
    ["revenue as a numeric string", { status: "completed", revenueReceived: "10" }, "revenueReceived"],
    ["revenue with three decimals", { status: "completed", revenueReceived: 1.005 }, "revenueReceived"],
    ["revenue over the limit", { status: "completed", revenueReceived: 1_000_000_000.01 }, "revenueReceived"],
  ];

  it.each(cases)("refuses %s with 400 and leaves the row and its side effects unchanged", async (_label, body, field) => {
    const before = await rowOf(referral.id);
    const counts = await sideEffectCounts(referral.id);
    const res = await business.client.patch(`/api/referrals/${referral.id}`, body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(Object.keys(error.errors ?? {})).toContain(field);
    expect(await rowOf(referral.id)).toEqual(before);
    expect(await sideEffectCounts(referral.id)).toEqual(counts);
  });

  it("uses the spec's messages for status and revenue", async () => {
    const res = await business.client.patch(`/api/referrals/${referral.id}`, { status: "paid", revenueReceived: 1.005 });
    expect((await errorOf(res)).errors).toEqual({
      status: ["Please select a status"],
      revenueReceived: ["Revenue must be a positive amount with at most two decimals"],
    });
  });
});

describe("PATCH /api/referrals/{id}: who may update", () => {
  let referral: ReferralBody;
  beforeAll(async () => {
    ({ referral } = await referWithConsent(app, connector.client, business.business.id));
  });

  it("refuses its connector and a platform admin with 403, a stranger and another business with 404", async () => {
    const other = await newBusiness(app);
    const before = await rowOf(referral.id);
    const counts = await sideEffectCounts(referral.id);
    const attempt = { status: "completed", revenueReceived: 1000 };
    expect((await connector.client.patch(`/api/referrals/${referral.id}`, attempt)).status).toBe(403);
    expect((await admin.client.patch(`/api/referrals/${referral.id}`, attempt)).status).toBe(403);
    expect((await stranger.client.patch(`/api/referrals/${referral.id}`, attempt)).status).toBe(404);
    expect((await other.client.patch(`/api/referrals/${referral.id}`, attempt)).status).toBe(404);
    expect((await client(app).patch(`/api/referrals/${referral.id}`, attempt)).status).toBe(401);
    // A stranger learns nothing from validation either.
    const invalid = await stranger.client.patch(`/api/referrals/${referral.id}`, { status: "nope" });
    expect(invalid.status).toBe(404);
    expect((await errorOf(invalid)).errors).toBeUndefined();
    expect(await rowOf(referral.id)).toEqual(before);
    expect(await sideEffectCounts(referral.id)).toEqual(counts);
  });

  it("answers 404 for an unknown referral", async () => {
    expect((await business.client.patch("/api/referrals/999999", { status: "approved" })).status).toBe(404);
  });

  it("lets a team member update it, recorded as that member", async () => {
    const res = await teamMember.client.patch(`/api/referrals/${referral.id}`, {
      status: "approved",
      statusNotes: "By the team",
    });
    expect(res.status).toBe(200);
    const [change] = await app.query(
      "select from_status, to_status, note, changed_by_user_id from referral_status_changes where referral_id = ? order by id desc limit 1",
      referral.id,
    );
    expect(change).toEqual({
      from_status: "pending",
      to_status: "approved",
      note: "By the team",
      changed_by_user_id: teamMember.user.id,
    });
  });
});
