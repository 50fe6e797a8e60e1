import { describe, expect, it } from "vitest";
import { AppError } from "../../utils/errors.server";
import { REOPEN_NEEDS_NOTE } from "../../validation/referral";
import { decisionColumns, referralDecisionFields } from "./decision.server";
import { escalatesAt } from "./review-clock.server";

const now = new Date("2026-11-24T10:00:00.000Z");
const earlier = new Date("2026-11-20T10:00:00.000Z");

describe("decisionColumns", () => {
  it("sets firstDecidedAt the first time a referral leaves pending, and keeps it after", () => {
    expect(decisionColumns({ status: "pending", firstDecidedAt: null }, { status: "pending" }, now).firstDecidedAt).toBeNull();
    expect(decisionColumns({ status: "pending", firstDecidedAt: null }, { status: "approved" }, now).firstDecidedAt).toEqual(now);
    expect(decisionColumns({ status: "approved", firstDecidedAt: earlier }, { status: "pending" }, now).firstDecidedAt).toEqual(
      earlier,
    );
  });
  it("keeps the reason only while rejected", () => {
    expect(
      decisionColumns({ status: "pending", firstDecidedAt: null }, { status: "rejected", rejectionReason: "duplicate" }, now)
        .rejectionReason,
    ).toBe("duplicate");
    expect(
      decisionColumns({ status: "pending", firstDecidedAt: null }, { status: "approved", rejectionReason: "duplicate" }, now)
        .rejectionReason,
    ).toBeNull();
  });
  it.each([
    ["completed", "pending"],
    ["completed", "rejected"],
    ["rejected", "approved"],
    ["rejected", "pending"],
  ] as const)("refuses leaving %s for %s without a note, under statusNotes", (from, to) => {
    const attempt = () =>
      decisionColumns({ status: from, firstDecidedAt: earlier }, { status: to, rejectionReason: "not_a_fit" }, now);
    expect(attempt).toThrow(AppError);
    try {
      attempt();
    } catch (error) {
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).errors).toEqual({ statusNotes: [REOPEN_NEEDS_NOTE] });
    }
    expect(() =>
      decisionColumns(
        { status: from, firstDecidedAt: earlier },
        { status: to, rejectionReason: "not_a_fit", statusNotes: "They called back" },
        now,
      ),
    ).not.toThrow();
  });
  it("needs no note to update a decided referral without leaving its status", () => {
    expect(() => decisionColumns({ status: "completed", firstDecidedAt: earlier }, { status: "completed" }, now)).not.toThrow();
  });
});

describe("referralDecisionFields", () => {
  it("shows the frozen terms, the reason and the due time as ISO", () => {
    expect(
      referralDecisionFields({
        termsReferralFee: "5%",
        termsReferralTerms: "Five percent of the first invoice.",
        termsCapturedAt: earlier,
        rejectionReason: null,
        reviewDueAt: now,
        termsFeeKind: "percentage",
        termsFeeBasisPoints: 500,
        termsFeeAmountMinor: null,
        termsFeeCurrency: null,
        cashbackBasisPoints: 1000,
        cashbackProposal: "proposed",
      }),
    ).toEqual({
      termsSnapshot: {
        referralFee: "5%",
        referralTerms: "Five percent of the first invoice.",
        capturedAt: earlier.toISOString(),
        feeKind: "percentage",
        feePercentage: 5,
        feeAmount: null,
        feeCurrency: null,
      },
      cashbackProposal: { status: "proposed", cashbackPercentage: 10, feePercentage: 5 },
      rejectionReason: null,
      reviewDueAt: now.toISOString(),
    });
  });
});

describe("escalatesAt: the second window, in business days", () => {
  it("a Monday due date with a 5-day window escalates the next Monday", () => {
    expect(escalatesAt(new Date("2026-11-23T09:00:00.000Z"), 5).toISOString()).toBe("2026-11-30T09:00:00.000Z");
  });
  it("a Friday due date with a 1-day window escalates on Monday, not Saturday", () => {
    expect(escalatesAt(new Date("2026-11-27T09:00:00.000Z"), 1).toISOString()).toBe("2026-11-30T09:00:00.000Z");
  });
});
