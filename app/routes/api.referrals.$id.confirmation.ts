import { answerConfirmation } from "~/domain/referrals/confirmation.server";
import { ALREADY_CONFIRMED, ONLY_THE_CONNECTOR } from "~/domain/referrals/lifecycle";
import { referralExample, referralSchema } from "~/domain/referrals/referral-schema";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { postOnId } from "~/http/api-routes.server";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";
import { CONFIRMATION_DECISION_REQUIRED, ConfirmationSchema } from "~/validation/referral";

export const contract = defineContract("/api/referrals/{id}/confirmation", {
  post: {
    operationId: "answerReferralConfirmation",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Referral id" },
    body: { schema: ConfirmationSchema, name: "ReferralConfirmation", example: { decision: "confirm" } },
    docs: () => ({
      summary: "Confirm or disown a referral registered in your name",
      description:
        "A business key may register a referral for a connector who introduced the person offline; it awaits that connector's confirmation (connectorConfirmation \"awaiting\"). Its connector answers here (or on the referral's page in the app, where the mail they get links). confirm: it credits them from now on, and the person is mailed the introduction in their name (their 14 days to answer start now). disown: the referral is closed (status rejected, rejectionReason not_confirmed, consent cancelled) and the person's email and phone are erased. Only the connector answers (the business and platform admins get 403), once (409 after); anyone who may not see the referral gets 404. The business's team is told, and its webhooks receive referral.updated (changedFields [\"connectorConfirmation\"]) or referral.status_changed.",
      success: {
        status: 200,
        description: "The referral after the answer",
        schema: referralSchema(),
        example: { ...referralExample, registeredBy: "business", consentStatus: "awaiting", consentDecidedAt: null },
      },
      errors: {
        400: [["decision is missing or not confirm or disown", CONFIRMATION_DECISION_REQUIRED]],
        403: [["You are not the referral's connector (its business, a platform admin)", ONLY_THE_CONNECTOR]],
        404: [["No such referral, or not yours to see", "Referral not found"]],
        409: [["The referral is not awaiting your confirmation (made by you, or already answered)", ALREADY_CONFIRMED]],
      },
    }),
  },
});

/**
 * POST /api/referrals/{id}/confirmation `{ "decision": "confirm" | "disown" }`: the connector answers
 * a referral a business registered in their name (decision 128). The lifecycle decides who may (the
 * connector only: 403 for the business and admins) and when (409 once answered); anyone who may not
 * see the referral gets 404.
 */
export const loader = () => methodNotAllowed(["POST"]);

// answerConfirmation authorizes before it looks at the decision: a stranger learns nothing from
// validation messages, so the body is parsed lazily inside.
export const action = postOnId(
  (request, context) => requireApiUser(request, context, contract.post.auth.scope),
  ({ db, user, id, request, context }) =>
    answerConfirmation(
      db,
      user,
      id,
      () => readJsonBody(request).then((b) => parseWith(contract.post.body.schema, b)),
      requireSecrets(context.cloudflare.env).passwordPepper,
    ),
);
