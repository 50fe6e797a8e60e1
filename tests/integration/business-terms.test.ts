import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile } from "./helpers/app";
import { answerIntro } from "./helpers/introductions";
import { refer } from "./helpers/marketplace";
import { type Business, type Connector, newBusiness, newConnector } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

/**
 * Issue 33, "The connector sets the commission" and part 1, "Terms the business owns": the business
 * states its fee (a percentage or a flat amount in a currency), the referral freezes it, the
 * connector's other cashback is a proposal the business answers, and what is paid follows the frozen
 * terms unless the business accepted the proposal. Read from the API's answers and the stored rows.
 */
const app = appPerFile();
let pixelForge: Business, brightPath: Business, jane: Connector;

beforeAll(async () => {
  // As in the story: PixelForge states "12%", BrightPath a flat "$500" (old clients' text, read as terms).
  pixelForge = await newBusiness(app, { companyName: "PixelForge", referralFee: "12%" });
  brightPath = await newBusiness(app, { companyName: "BrightPath", referralFee: "$500" });
  jane = await newConnector(app, { name: "Jane Tan" });
});

type CommissionRow = {
  status: string;
  currency: string;
  amount_minor: number;
  revenue_minor: number | null;
  cashback_basis_points: number | null;
};
const standingCommission = async (referralId: number) =>
  app.query<CommissionRow>(
    "select status, currency, amount_minor, revenue_minor, cashback_basis_points from commissions where referral_id = ? and kind = 'commission' and superseded_at is null",
    referralId,
  );
const progress = (b: Business, id: number, body: Record<string, unknown>) => b.client.patch(`/api/referrals/${id}`, body);

async function consented(b: Business, cashbackPercentage: number) {
  const { referral } = await refer(jane.client, b.business.id, { cashbackPercentage });
  await answerIntro(app, referral.id);
  return referral;
}

describe("the business states its fee; the API answers with the structured fields", () => {
  it("an old client's text is read as terms, and the display string is derived from them", async () => {
    expect(pixelForge.business).toMatchObject({
      referralFee: "12%",
      feeKind: "percentage",
      feePercentage: 12,
      feeAmount: null,
      feeCurrency: null,
    });
    expect(brightPath.business).toMatchObject({
      referralFee: "$500",
      feeKind: "flat",
      feePercentage: null,
      feeAmount: 500,
      feeCurrency: "USD",
    });
  });

  it("PATCH states a flat amount in another currency: SGD 1,000.50, shown with its code", async () => {
    const b = await newBusiness(app, { referralFee: "7.5 %" });
    expect(b.business).toMatchObject({ referralFee: "7.5%", feeKind: "percentage", feePercentage: 7.5 });
    const { referralFee: _fee, ...rest } = b.fields;
    const res = await b.client.patch(`/api/businesses/${b.business.id}`, {
      ...rest,
      feeKind: "flat",
      feeAmount: 1000.5,
      feeCurrency: "SGD",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      referralFee: "SGD 1,000.50",
      feeKind: "flat",
      feeAmount: 1000.5,
      feeCurrency: "SGD",
      feePercentage: null,
    });
    const [row] = await app.query<Record<string, unknown>>(
      "select referral_fee, fee_kind, fee_basis_points, fee_amount_minor, fee_currency from businesses where id = ?",
      b.business.id,
    );
    expect(row).toEqual({
      referral_fee: "SGD 1,000.50",
      fee_kind: "flat",
      fee_basis_points: null,
      fee_amount_minor: 100050,
      fee_currency: "SGD",
    });
  });

  it("a fee that does not read as one, or a kind without its figures, is a 400 with field messages and nothing written", async () => {
    const before = await app.query("select referral_fee from businesses where id = ?", pixelForge.business.id);
    const { referralFee: _fee, ...rest } = pixelForge.fields;
    const unreadable = await progressBusiness({ ...pixelForge.fields, referralFee: "Negotiable" });
    expect(unreadable.status).toBe(400);
    expect((await errorOf(unreadable)).errors).toEqual({
      referralFee: [
        'Referral fee must read as a percentage (e.g. "5%") or an amount in a currency (e.g. "$500" or "SGD 500"); or send feeKind with its figures',
      ],
    });
    const noFigures = await progressBusiness({ ...rest, feeKind: "flat", feeAmount: 12.5, feeCurrency: "JPY" });
    expect(noFigures.status).toBe(400);
    expect((await errorOf(noFigures)).errors).toEqual({ feeAmount: ["JPY amounts have no decimals"] });
    const none = await progressBusiness(rest);
    expect(none.status).toBe(400);
    expect((await errorOf(none)).errors).toEqual({ feeKind: ["Please choose a percentage of the revenue or a flat amount"] });
    expect(await app.query("select referral_fee from businesses where id = ?", pixelForge.business.id)).toEqual(before);
  });
});

const progressBusiness = (body: Record<string, unknown>) =>
  pixelForge.client.patch(`/api/businesses/${pixelForge.business.id}`, body);

describe("Jane's 100% cashback against PixelForge's 12% is a proposal", () => {
  /** PixelForge completes the referral with SGD 2,000 of revenue, with an answer to the proposal if given. */
  const completeAtSgd2000 = (referralId: number, answer: Record<string, unknown> = {}) =>
    progress(pixelForge, referralId, { status: "completed", revenueReceived: 2000, revenueCurrency: "SGD", ...answer });
  /** The standing commission on SGD 2,000 of revenue, at the rate paid. */
  const pendingOnSgd2000 = (amountMinor: number, cashbackBasisPoints: number) => [
    {
      status: "pending",
      currency: "SGD",
      amount_minor: amountMinor,
      revenue_minor: 200000,
      cashback_basis_points: cashbackBasisPoints,
    },
  ];

  it("the referral freezes 12% and shows the open proposal", async () => {
    const { referral } = await refer(jane.client, pixelForge.business.id, { cashbackPercentage: 100 });
    expect(referral).toMatchObject({
      cashbackPercentage: 100,
      cashbackProposal: { status: "proposed", cashbackPercentage: 100, feePercentage: 12 },
      termsSnapshot: { referralFee: "12%", feeKind: "percentage", feePercentage: 12, feeAmount: null, feeCurrency: null },
    });
    // The business's later edits do not touch it.
    const [row] = await app.query<Record<string, unknown>>(
      "select terms_fee_kind, terms_fee_basis_points, cashback_basis_points, cashback_proposal from referrals where id = ?",
      referral.id,
    );
    expect(row).toEqual({
      terms_fee_kind: "percentage",
      terms_fee_basis_points: 1200,
      cashback_basis_points: 10000,
      cashback_proposal: "proposed",
    });
  });

  it("a cashback equal to the fee is no proposal", async () => {
    const { referral } = await refer(jane.client, pixelForge.business.id, { cashbackPercentage: 12 });
    expect(referral.cashbackProposal).toBeNull();
  });

  it("approved and completed without an answer: the proposal stays open and the commission follows 12%", async () => {
    const referral = await consented(pixelForge, 100);
    expect((await progress(pixelForge, referral.id, { status: "approved" })).status).toBe(200);
    const res = await completeAtSgd2000(referral.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ feeAmount: 240, cashbackProposal: { status: "proposed" } });
    expect(await standingCommission(referral.id)).toEqual(pendingOnSgd2000(24000, 1200));
  });

  it("declined: 12% pays, and the answer cannot be changed afterwards (409)", async () => {
    const referral = await consented(pixelForge, 100);
    const res = await completeAtSgd2000(referral.id, { cashbackProposal: "decline" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ feeAmount: 240, cashbackProposal: { status: "declined" } });
    const again = await completeAtSgd2000(referral.id, { cashbackProposal: "accept" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("This referral has no open cashback proposal to answer");
    expect(await standingCommission(referral.id)).toEqual(pendingOnSgd2000(24000, 1200));
  });

  it("accepted when approving: the connector's 100% pays on completion", async () => {
    const referral = await consented(pixelForge, 100);
    const approved = await progress(pixelForge, referral.id, { status: "approved", cashbackProposal: "accept" });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ cashbackProposal: { status: "accepted" } });
    const res = await completeAtSgd2000(referral.id);
    expect(await res.json()).toMatchObject({ feeAmount: 2000 });
    expect(await standingCommission(referral.id)).toEqual(pendingOnSgd2000(200000, 10000));
  });

  it("answering a referral that has no proposal is a 409; a bad answer a 400", async () => {
    const referral = await consented(pixelForge, 12);
    const none = await progress(pixelForge, referral.id, { status: "approved", cashbackProposal: "accept" });
    expect(none.status).toBe(409);
    const bad = await progress(pixelForge, referral.id, { status: "approved", cashbackProposal: "maybe" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).errors).toEqual({
      cashbackProposal: ['Please answer the cashback proposal with "accept" or "decline"'],
    });
    const [row] = await app.query<{ status: string; cashback_proposal: string | null }>(
      "select status, cashback_proposal from referrals where id = ?",
      referral.id,
    );
    expect(row).toEqual({ status: "pending", cashback_proposal: null });
  });

  it("JPY 1,005 at 12.5% is 126 yen in feeAmount and in the ledger", async () => {
    const b = await newBusiness(app, { referralFee: "12.5%" });
    const referral = await consented(b, 12.5);
    const res = await progress(b, referral.id, { status: "completed", revenueReceived: 1005, revenueCurrency: "JPY" });
    expect(await res.json()).toMatchObject({ feeAmount: 126 });
    expect(await standingCommission(referral.id)).toEqual([
      { status: "pending", currency: "JPY", amount_minor: 126, revenue_minor: 1005, cashback_basis_points: 1250 },
    ]);
  });
});

describe("BrightPath's flat $500 pays 500 whatever the revenue", () => {
  it("completed at USD 1 or USD 1,000,000,000: USD 500 each time, and the cashback is no proposal", async () => {
    for (const revenue of [1, 1_000_000_000]) {
      const referral = await consented(brightPath, 100);
      expect(referral.cashbackProposal).toBeNull();
      expect(referral.termsSnapshot).toMatchObject({ referralFee: "$500", feeKind: "flat", feeAmount: 500, feeCurrency: "USD" });
      const res = await progress(brightPath, referral.id, {
        status: "completed",
        revenueReceived: revenue,
        revenueCurrency: "USD",
      });
      expect(await res.json()).toMatchObject({ feeAmount: 500 });
      expect(await standingCommission(referral.id)).toEqual([
        { status: "pending", currency: "USD", amount_minor: 50000, revenue_minor: revenue * 100, cashback_basis_points: null },
      ]);
    }
  });

  it("with revenue in another currency, the commission is USD 500 and feeAmount is null (no exchange rate)", async () => {
    const referral = await consented(brightPath, 10);
    const res = await progress(brightPath, referral.id, { status: "completed", revenueReceived: 2000, revenueCurrency: "SGD" });
    expect(await res.json()).toMatchObject({ feeAmount: null, revenueCurrency: "SGD" });
    expect(await standingCommission(referral.id)).toEqual([
      { status: "pending", currency: "USD", amount_minor: 50000, revenue_minor: null, cashback_basis_points: null },
    ]);
  });

  it("the business's later fee change does not touch a referral made before it", async () => {
    const referral = await consented(brightPath, 10);
    const { referralFee: _fee, ...rest } = brightPath.fields;
    const changed = await brightPath.client.patch(`/api/businesses/${brightPath.business.id}`, {
      ...rest,
      feeKind: "percentage",
      feePercentage: 50,
    });
    expect(changed.status).toBe(200);
    const res = await progress(brightPath, referral.id, { status: "completed", revenueReceived: 10_000, revenueCurrency: "USD" });
    expect(await res.json()).toMatchObject({ feeAmount: 500 });
  });
});
