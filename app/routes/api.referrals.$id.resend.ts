import {
  INTRODUCTION_MAILS_PER_REFERRAL_PER_DAY,
  INTRODUCTION_MAILS_TOO_MANY,
  INTRODUCTION_RESEND_TOO_SOON,
  resendIntroduction,
} from "~/domain/referrals/corrections.server";
import { NOT_AWAITING_ANSWER, ONLY_THE_CONNECTOR } from "~/domain/referrals/lifecycle";
import { enrichedReferralExample, enrichedReferralSchema } from "~/domain/referrals/referral-schema";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { postOnId } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/referrals/{id}/resend", {
  post: {
    operationId: "resendIntroduction",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Referral id" },
    docs: () => ({
      summary: "Send the introduction again",
      description: `The referral's connector sends the introduction mail again, to the same details, while it awaits the person's answer; an unsent earlier one gives way to it. At most once an hour, and with corrections ${INTRODUCTION_MAILS_PER_REFERRAL_PER_DAY.limit} introduction mails per referral a day (429 with Retry-After). The 14 days to answer are not extended. The business's team and platform admins get 403; anyone else 404.`,
      success: { status: 200, description: "The referral", schema: enrichedReferralSchema(), example: enrichedReferralExample },
      errors: {
        403: [["You are not the referral's connector", ONLY_THE_CONNECTOR]],
        404: [["No such referral, or not yours to see", "Referral not found"]],
        409: [["The person already answered, or the referral is closed", NOT_AWAITING_ANSWER]],
        429: [
          ["Resent less than an hour ago (see Retry-After)", INTRODUCTION_RESEND_TOO_SOON],
          ["This referral's introduction mails for the day are used up (see Retry-After)", INTRODUCTION_MAILS_TOO_MANY],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/resend: the connector sends the introduction again while it awaits an
 * answer; once an hour and 3 mails a day per referral (429 with Retry-After beyond; decision 126).
 */
export const action = postOnId(
  (request, context) => requireApiUser(request, context, contract.post.auth.scope),
  ({ db, user, id }) => resendIntroduction(db, user, id),
);
