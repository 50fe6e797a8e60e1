import { describe, expect, it } from "vitest";
import type { ConsentStatus } from "../../../db/enums";
import { type ReferralRow, referralFields, toReferralDto } from "./dto.server";

const CONNECTOR_USER = 7;

function rowWith(consentStatus: ConsentStatus, erased = false): ReferralRow {
  const now = new Date("2026-03-14T09:30:00.000Z");
  return {
    referral: {
      id: 41,
      connectorId: 3,
      businessId: 1,
      referredPersonName: "Ann Lee",
      referredPersonEmail: erased ? null : "ann@example.com",
      referredPersonPhone: erased ? null : "+65 9000 1234",
      referredEmailKey: "ann@example.com",
      referredPhoneKey: "6590001234",
      referredEmailDisposable: false,
      consentStatus,
      consentTokenHash: null,
      pendingPersonEmail: null,
      pendingEmailTokenHash: null,
      consentExpiresAt: now,
      consentDecidedAt: consentStatus === "awaiting" ? null : now,
      termsReferralFee: "5%",
      termsReferralTerms: "Terms",
      termsCapturedAt: now,
      termsFeeKind: "percentage",
      termsFeeBasisPoints: 500,
      termsFeeAmountMinor: null,
      termsFeeCurrency: null,
      cashbackProposal: "proposed",
      rejectionReason: null,
      reviewDueAt: null,
      reviewRemindedAt: null,
      reviewFlaggedAt: null,
      firstDecidedAt: null,
      cashbackBasisPoints: 1000,
      notes: null,
      status: "pending",
      revenueReceived: null,
      revenueCurrency: "SGD",
      statusNotes: null,
      feeAmount: null,
      registeredBy: "connector",
      connectorConfirmation: "confirmed",
      createdAt: now,
      updatedAt: now,
    },
    businessName: "Acme",
    businessOwnerId: 2,
    connectorName: "Jane Tan",
    connectorEmail: "jane@example.com",
    connectorPhone: null,
    connectorUserId: CONNECTOR_USER,
    connectorUsername: "jane",
    connectorAccountType: "individual",
    connectorBusinessId: null,
    connectorCompanyName: null,
    crepReferralCount: null,
    crepCompletedCount: null,
    crepDisputesRaised: null,
    crepDisputesUpheld: null,
  };
}

const contact = (dto: { referredPersonEmail: string | null; referredPersonPhone: string | null }) => [
  dto.referredPersonEmail,
  dto.referredPersonPhone,
];

describe("contact details per viewer (decision 055)", () => {
  it("before consent, only the referral's own connector sees them; the business, admins and no viewer get null", () => {
    const row = rowWith("awaiting");
    expect(contact(toReferralDto(row, { id: CONNECTOR_USER }))).toEqual(["ann@example.com", "+65 9000 1234"]);
    expect(contact(toReferralDto(row, { id: 2 }))).toEqual([null, null]);
    expect(contact(toReferralDto(row, null))).toEqual([null, null]);
    expect(contact(toReferralDto(row))).toEqual([null, null]);
    expect(toReferralDto(row).consentStatus).toBe("awaiting");
  });

  it("once given, everyone who may see the referral sees them", () => {
    const row = rowWith("given");
    expect(contact(toReferralDto(row, { id: 2 }))).toEqual(["ann@example.com", "+65 9000 1234"]);
    expect(contact(toReferralDto(row))).toEqual(["ann@example.com", "+65 9000 1234"]);
  });

  it("webhook payloads (referralFields without reveal) follow consent", () => {
    expect(contact(referralFields(rowWith("awaiting").referral))).toEqual([null, null]);
    expect(contact(referralFields(rowWith("given").referral))).toEqual(["ann@example.com", "+65 9000 1234"]);
  });

  it("declined or expired rows are erased for the connector too", () => {
    for (const status of ["declined", "expired"] as const) {
      expect(contact(toReferralDto(rowWith(status, true), { id: CONNECTOR_USER }))).toEqual([null, null]);
    }
  });
});
