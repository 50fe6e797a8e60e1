import { withdrawReferral } from "~/domain/referrals/corrections.server";
import { NOT_AWAITING_ANSWER, ONLY_THE_CONNECTOR } from "~/domain/referrals/lifecycle";
import { enrichedReferralExample, enrichedReferralSchema } from "~/domain/referrals/referral-schema";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { postOnId } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";

export const contract = defineContract("/api/referrals/{id}/withdraw", {
  post: {
    operationId: "withdrawReferral",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Referral id" },
    docs: () => ({
      summary: "Withdraw a referral before the person answers",
      description:
        "The referral's connector withdraws it while the introduction awaits the person's answer: status rejected with rejectionReason withdrawn, consentStatus cancelled, the person's email and phone erased from the referral and every stored copy (event payloads, messages, notes, mail), the business's team told, and referral.status_changed and referral.consent_changed written, all at once. The introduction link then shows it closed. The business's team and platform admins get 403; anyone else 404.",
      success: {
        status: 200,
        description: "The withdrawn referral",
        schema: enrichedReferralSchema(),
        example: enrichedReferralExample,
      },
      errors: {
        403: [["You are not the referral's connector", ONLY_THE_CONNECTOR]],
        404: [["No such referral, or not yours to see", "Referral not found"]],
        409: [["The person already answered, or the referral is closed", NOT_AWAITING_ANSWER]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/withdraw: the connector withdraws the referral while it awaits an answer:
 * rejected (withdrawn), consent cancelled, the person's details erased everywhere (decision 126).
 */
export const action = postOnId(
  (request, context) => requireApiUser(request, context, contract.post.auth.scope),
  ({ db, user, id, context }) => withdrawReferral(db, user, id, requireSecrets(context.cloudflare.env).passwordPepper),
);
