import * as z from "zod";
import { CASHBACK_PROPOSAL_STATUSES, REJECTION_REASONS } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { feeShape, timestamp } from "../../validation/response-fields";

// Issue 16, sections 2 and 3: what every referral (in the API and in webhooks) says of the terms it
// was made under, why it was rejected and when the business's decision is due. Mirrors
// referralDecisionFields (./decision.server.ts). Lazy (issue 36): only the OpenAPI document and the
// tests build these, never a request.

export const referralDecisionShape = lazy(() => ({
  termsSnapshot: z
    .strictObject({
      referralFee: z.string().meta({ description: "The business's referral fee when the referral was made" }),
      referralTerms: z.string().meta({ description: "The business's referral terms when the referral was made" }),
      capturedAt: timestamp(),
      ...feeShape(
        "when the referral was made; all null when the fee was free text the platform could not read (then the connector's cashbackPercentage pays)",
      ),
    })
    .meta({
      id: "TermsSnapshot",
      description: "The terms this referral was made under; later edits of the business profile apply to new referrals only",
    }),
  cashbackProposal: z
    .strictObject({
      status: z.enum(CASHBACK_PROPOSAL_STATUSES).meta({
        description:
          "proposed: the business has not answered (the frozen fee pays meanwhile); accepted: the cashback pays; declined: the frozen fee pays",
      }),
      cashbackPercentage: z.number().meta({ description: "The connector's proposed percentage" }),
      feePercentage: z.number().nullable().meta({ description: "The frozen percentage fee it departs from" }),
    })
    .nullable()
    .meta({
      id: "CashbackProposal",
      description:
        "A cashbackPercentage other than the business's percentage fee is a proposal the business accepts or declines (PATCH /api/referrals/{id} with cashbackProposal); null when there is none (the cashback equals the fee, the fee is flat, or it was free text)",
    }),
  rejectionReason: z.enum(REJECTION_REASONS).nullable().meta({
    description:
      "Why it was rejected (status rejected only; null otherwise): the business's choice (not_a_fit, already_a_customer, could_not_reach, duplicate, other) or the lifecycle's own (person_declined: the person declined or withdrew before completion; no_answer: the introduction lapsed; withdrawn: the connector withdrew it; not_confirmed: the connector did not confirm a referral the business registered)",
  }),
  reviewDueAt: timestamp().nullable().meta({
    description:
      "When the business's decision is due: the business's response window in business days (weekends in UTC skipped) from the referred person's consent; null before consent and for referrals made before the clock existed",
  }),
}));

export const referralDecisionExample = {
  termsSnapshot: {
    referralFee: "10%",
    referralTerms: "10% of the first year's subscription, paid within 30 days of signing.",
    capturedAt: "2026-03-14T09:30:00.000Z",
    feeKind: "percentage",
    feePercentage: 10,
    feeAmount: null,
    feeCurrency: null,
  },
  cashbackProposal: null,
  rejectionReason: null,
  reviewDueAt: "2026-03-23T09:30:00.000Z",
} satisfies z.infer<z.ZodObject<ReturnType<typeof referralDecisionShape>>>;

/** GET /api/admin/referrals/overdue's rows: the referral and the clock's two marks. */
export function overdueReferralSchema<S extends z.ZodObject>(referral: S) {
  return referral
    .extend({
      reviewRemindedAt: timestamp().nullable().meta({ description: "When the business was reminded that its decision was due" }),
      reviewFlaggedAt: timestamp()
        .nullable()
        .meta({ description: "When the referral was flagged: still pending a second response window after it was due" }),
    })
    .meta({ id: "OverdueReferral", description: "A referral the review clock flagged to platform admins (decision 058)." });
}
