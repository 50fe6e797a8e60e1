import { describe, expect, it } from "vitest";
import { ACME } from "../../tests/unit-helpers/fixtures";
import { BusinessSchema, RESPONSE_WINDOW_RANGE, RESPONSE_WINDOW_WHOLE } from "./business";
import { OTHER_REASON_NEEDS_NOTE, ProgressSchema, REJECTION_REASON_INVALID, REJECTION_REASON_REQUIRED } from "./referral";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("rejection reasons (issue 16)", () => {
  it("refuses a rejection without a reason, under rejectionReason", () => {
    expect(messages(ProgressSchema.safeParse({ status: "rejected" }))).toEqual({ rejectionReason: REJECTION_REASON_REQUIRED });
    expect(messages(ProgressSchema.safeParse({ status: "rejected", rejectionReason: null }))).toEqual({
      rejectionReason: REJECTION_REASON_REQUIRED,
    });
  });
  it("refuses a reason that is not on the list", () => {
    expect(messages(ProgressSchema.safeParse({ status: "rejected", rejectionReason: "too_expensive" }))).toEqual({
      rejectionReason: REJECTION_REASON_INVALID,
    });
  });
  it('needs a note with "other", under statusNotes', () => {
    expect(messages(ProgressSchema.safeParse({ status: "rejected", rejectionReason: "other" }))).toEqual({
      statusNotes: OTHER_REASON_NEEDS_NOTE,
    });
    expect(messages(ProgressSchema.safeParse({ status: "rejected", rejectionReason: "other", statusNotes: "   " }))).toEqual({
      statusNotes: OTHER_REASON_NEEDS_NOTE,
    });
    expect(ProgressSchema.safeParse({ status: "rejected", rejectionReason: "other", statusNotes: "Out of area" }).success).toBe(
      true,
    );
  });
  it.each(["not_a_fit", "already_a_customer", "could_not_reach", "duplicate"])("accepts %s without a note", (reason) => {
    expect(ProgressSchema.safeParse({ status: "rejected", rejectionReason: reason }).success).toBe(true);
  });
  it("needs no reason for the other statuses", () => {
    for (const status of ["pending", "approved", "completed"]) {
      expect(ProgressSchema.safeParse({ status }).success, status).toBe(true);
    }
  });
});

describe("response window (issue 16)", () => {
  it("is optional and bounded to 1..30 whole business days", () => {
    expect(BusinessSchema.parse(ACME).responseWindowDays).toBeUndefined();
    expect(BusinessSchema.parse({ ...ACME, responseWindowDays: 1 }).responseWindowDays).toBe(1);
    expect(BusinessSchema.parse({ ...ACME, responseWindowDays: 30 }).responseWindowDays).toBe(30);
    expect(messages(BusinessSchema.safeParse({ ...ACME, responseWindowDays: 0 }))).toEqual({
      responseWindowDays: RESPONSE_WINDOW_RANGE,
    });
    expect(messages(BusinessSchema.safeParse({ ...ACME, responseWindowDays: 31 }))).toEqual({
      responseWindowDays: RESPONSE_WINDOW_RANGE,
    });
    expect(messages(BusinessSchema.safeParse({ ...ACME, responseWindowDays: 2.5 }))).toEqual({
      responseWindowDays: RESPONSE_WINDOW_WHOLE,
    });
    expect(messages(BusinessSchema.safeParse({ ...ACME, responseWindowDays: "7" }))).toEqual({
      responseWindowDays: "Expected number, received string",
    });
  });
});
