import * as z from "zod";
import { overdueReferralSchema } from "~/domain/referrals/referral-decision-schema";
import { referralExample, referralSchema } from "~/domain/referrals/referral-schema";
import { listOverdueReferrals } from "~/domain/referrals/review-clock.server";
import { defineContract } from "~/http/api-contract";
import { adminCaller, listPaged } from "~/http/api-routes.server";
import { NOT_ADMIN } from "~/openapi/operation-parts";
import { methodNotAllowed, PageSchema } from "~/utils/api.server";

type OverdueReferral = z.infer<ReturnType<typeof overdueReferralSchema<ReturnType<typeof referralSchema>>>>;
const overdueReferralExample: OverdueReferral = {
  ...referralExample,
  reviewDueAt: "2026-03-23T09:30:00.000Z",
  reviewRemindedAt: "2026-03-23T09:31:00.000Z",
  reviewFlaggedAt: "2026-03-30T09:31:00.000Z",
};

export const contract = defineContract("/api/admin/referrals/overdue", {
  get: {
    operationId: "listOverdueReferrals",
    tag: "Admin",
    auth: { kind: "session", admin: true },
    query: z.object({ ...PageSchema.shape }),
    docs: () => ({
      summary: "Referrals overdue for a decision",
      description:
        "Referrals the review clock flagged: still pending a second response window (the business's, in business days) after their decision was due, the business having been reminded once. Oldest due first; the admin dashboard's Overdue referrals tab shows the same.",
      success: {
        status: 200,
        description: "A page of overdue referrals",
        schema: z.array(overdueReferralSchema(referralSchema())),
        example: [overdueReferralExample],
        list: true,
      },
      errors: { 403: [NOT_ADMIN] },
    }),
  },
});

/**
 * GET /api/admin/referrals/overdue: referrals flagged by the review clock (still pending a second
 * response window after their decision was due), oldest due first; admins only (decision 058).
 */
export const loader = listPaged(adminCaller, listOverdueReferrals);

export const action = () => methodNotAllowed(["GET"]);
