import { describe, expect, it } from "vitest";
import {
  awaitsAdmin,
  DISPUTE_ALREADY_OPEN,
  DISPUTE_NOT_DISPUTABLE,
  DISPUTE_NOT_FOR_ADMIN,
  DISPUTE_NOT_OPEN,
  DISPUTE_ONLY_CONNECTOR,
  DISPUTE_ONLY_OWNER_OR_ADMIN,
  DISPUTE_REFERRAL_CHANGED,
  DISPUTE_TOO_LATE,
  DISPUTE_WINDOW_PASSED,
  decideDisputeAnswer,
  decideDisputeResolution,
  decideOpenDispute,
  disputeSettlement,
} from "./lifecycle";

const DAY = 24 * 60 * 60 * 1000;
const decidedAt = new Date("2026-11-01T00:00:00.000Z");
const rejected = { status: "rejected", rejectionReason: "not_a_fit" } as const;
const open = (now: number, over: Partial<Parameters<typeof decideOpenDispute>[0]> = {}) =>
  decideOpenDispute({ state: rejected, actor: "connector", decidedAt, hasOpenDispute: false, now, ...over });

describe("the lifecycle's dispute rules (issue 38, part 5; decision 194)", () => {
  it("lets the connector dispute a rejection or a completion within 30 days, once at a time", () => {
    expect(open(decidedAt.getTime() + 30 * DAY)).toEqual({ allowed: true, subject: "rejection" });
    expect(open(decidedAt.getTime() + DAY, { state: { status: "completed", rejectionReason: null } })).toEqual({
      allowed: true,
      subject: "completion",
    });
    expect(open(decidedAt.getTime() + 30 * DAY + 1)).toEqual({ allowed: false, status: 409, message: DISPUTE_TOO_LATE });
    expect(open(decidedAt.getTime(), { hasOpenDispute: true })).toEqual({
      allowed: false,
      status: 409,
      message: DISPUTE_ALREADY_OPEN,
    });
  });

  it("refuses every other hand (403) and referrals nobody decided (409)", () => {
    for (const actor of [
      "owner",
      "admin",
      "member",
      "businessKey",
      "ownConnectorSeat",
      "platformAdmin",
      "person",
      "system",
    ] as const)
      expect(open(decidedAt.getTime(), { actor })).toEqual({ allowed: false, status: 403, message: DISPUTE_ONLY_CONNECTOR });
    for (const state of [
      { status: "pending", rejectionReason: null },
      { status: "approved", rejectionReason: null },
      { status: "rejected", rejectionReason: "withdrawn" },
      { status: "rejected", rejectionReason: "person_declined" },
    ] as const)
      expect(open(decidedAt.getTime(), { state })).toEqual({ allowed: false, status: 409, message: DISPUTE_NOT_DISPUTABLE });
  });

  it("lets the owner or a team admin answer while open and in the window; then an admin decides", () => {
    const due = new Date(decidedAt.getTime() + 5 * DAY);
    const d = { status: "open", answerDueAt: due } as const;
    const before = due.getTime() - 1;
    expect(decideDisputeAnswer(d, "owner", before)).toEqual({ allowed: true });
    expect(decideDisputeAnswer(d, "admin", before)).toEqual({ allowed: true });
    for (const actor of ["member", "connector", "businessKey", "platformAdmin", "ownConnectorSeat"] as const)
      expect(decideDisputeAnswer(d, actor, before)).toMatchObject({ status: 403, message: DISPUTE_ONLY_OWNER_OR_ADMIN });
    expect(decideDisputeAnswer(d, "owner", due.getTime())).toMatchObject({ status: 409, message: DISPUTE_WINDOW_PASSED });
    expect(decideDisputeAnswer({ ...d, status: "business_disagreed" }, "owner", before)).toMatchObject({
      status: 409,
      message: DISPUTE_NOT_OPEN,
    });
    // The admin's queue: disagreed, or open past its window.
    expect(awaitsAdmin(d, before)).toBe(false);
    expect(awaitsAdmin(d, due.getTime())).toBe(true);
    expect(awaitsAdmin({ ...d, status: "business_disagreed" }, before)).toBe(true);
    expect(decideDisputeResolution(d, "platformAdmin", before)).toMatchObject({ status: 409, message: DISPUTE_NOT_FOR_ADMIN });
    expect(decideDisputeResolution(d, "platformAdmin", due.getTime())).toEqual({ allowed: true });
    expect(decideDisputeResolution(d, "owner", due.getTime())).toMatchObject({ status: 403 });
    for (const status of ["upheld", "dismissed", "business_accepted"] as const)
      expect(decideDisputeResolution({ ...d, status }, "platformAdmin", due.getTime())).toMatchObject({ status: 409 });
  });

  it("settles as the business's completion with the claimed revenue, the ledger following", () => {
    const claimed = { revenueMinor: 1_200_000, currency: "SGD" } as const;
    expect(disputeSettlement(rejected, claimed)).toEqual({
      allowed: true,
      effects: { status: "completed", commission: "follow" },
      revenue: claimed,
    });
    expect(disputeSettlement({ status: "pending", rejectionReason: null }, claimed)).toMatchObject({
      status: 409,
      message: DISPUTE_REFERRAL_CHANGED,
    });
  });
});
