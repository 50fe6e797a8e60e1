import {
  CORRECTION_UNCHANGED,
  correctReferral,
  INTRODUCTION_MAILS_PER_REFERRAL_PER_DAY,
  INTRODUCTION_MAILS_TOO_MANY,
} from "~/domain/referrals/corrections.server";
import {
  REFERRALS_PER_CONNECTOR_PER_DAY,
  REFERRALS_PER_CONNECTOR_PER_HOUR,
  REFERRALS_TOO_MANY,
} from "~/domain/referrals/creation.server";
import { DUPLICATE_REFERRAL, DUPLICATE_WINDOW_DAYS } from "~/domain/referrals/duplicates.server";
import { NOT_AWAITING_ANSWER, ONLY_THE_CONNECTOR } from "~/domain/referrals/lifecycle";
import { enrichedReferralExample, enrichedReferralSchema, REFERRED_PERSON_FIELD_DOCS } from "~/domain/referrals/referral-schema";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { postOnId } from "~/http/api-routes.server";
import { methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";
import { NOTHING_TO_CORRECT, ReferralCorrectionSchema } from "~/validation/referral-correction";

export const contract = defineContract("/api/referrals/{id}/correction", {
  post: {
    operationId: "correctReferral",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Referral id" },
    // correctReferral parses the body with this very schema, once the caller may make the move.
    body: {
      schema: ReferralCorrectionSchema,
      name: "ReferralCorrection",
      example: { referredPersonEmail: "leo.chan@gmail.com" },
    },
    docs: () => ({
      fields: {
        referredPersonEmail: REFERRED_PERSON_FIELD_DOCS.referredPersonEmail,
        referredPersonPhone: REFERRED_PERSON_FIELD_DOCS.referredPersonPhone,
      },
      summary: "Correct the referred person's email or phone",
      description: `The referral's connector corrects the person's email and/or phone while the introduction awaits their answer (a typo). The corrected details pass a new referral's checks again: the person cannot be the connector or someone on the business's team (422), nor anyone another referral to this business names in the last ${DUPLICATE_WINDOW_DAYS} days, including people who declined (409); the referral being corrected never counts against itself. The old introduction link stops working at once, a new introduction mail goes to the corrected details and the person has 14 days from now to answer. Counted with the connector's referrals (${REFERRALS_PER_CONNECTOR_PER_HOUR.limit} an hour, ${REFERRALS_PER_CONNECTOR_PER_DAY.limit} a day), and with resends at most ${INTRODUCTION_MAILS_PER_REFERRAL_PER_DAY.limit} introduction mails per referral a day (429 with Retry-After). The business's team and platform admins get 403; anyone else 404.`,
      success: {
        status: 200,
        description: "The corrected referral",
        schema: enrichedReferralSchema(),
        example: enrichedReferralExample,
      },
      errors: {
        400: [["Neither field given, or one is not valid", NOTHING_TO_CORRECT]],
        403: [["You are not the referral's connector", ONLY_THE_CONNECTOR]],
        404: [["No such referral, or not yours to see", "Referral not found"]],
        409: [
          ["The person already answered, or the referral is closed", NOT_AWAITING_ANSWER],
          ["Another referral to this business names the corrected person", DUPLICATE_REFERRAL],
        ],
        422: [
          ["The corrected details are the ones the introduction went to", CORRECTION_UNCHANGED],
          ["The corrected email or phone is the connector's own; the field named in errors", "You cannot refer yourself"],
        ],
        429: [
          ["Too many referrals and corrections by this connector (see Retry-After)", REFERRALS_TOO_MANY],
          ["This referral's introduction mails for the day are used up (see Retry-After)", INTRODUCTION_MAILS_TOO_MANY],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/correction: the connector corrects the referred person's email and/or
 * phone while the introduction awaits an answer; a new link goes to the corrected details and the
 * old one dies (issue 33, decision 126). Others who see the referral 403, anyone else 404.
 */
export const action = postOnId(
  (request, context) => requireApiUser(request, context, contract.post.auth.scope),
  ({ db, user, id, request, context }) =>
    correctReferral(db, user, id, () => readJsonBody(request), requireSecrets(context.cloudflare.env).passwordPepper),
);
