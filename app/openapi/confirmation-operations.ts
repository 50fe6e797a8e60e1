import { ALREADY_CONFIRMED, ONLY_THE_CONNECTOR } from "../domain/referrals/lifecycle";
import { referralExample, referralSchema } from "../domain/referrals/referral-schema";
import { CONFIRMATION_DECISION_REQUIRED, ConfirmationSchema } from "../validation/referral";
import type { Operation } from "./document.server";

/**
 * The connector's answer to a referral a business registered in their name (issue 33, part 5;
 * decision 128), in a file of its own so the main document changes in one line.
 */
export const CONFIRMATION_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/referrals/{id}/confirmation",
    operationId: "answerReferralConfirmation",
    tag: "Referrals",
    summary: "Confirm or disown a referral registered in your name",
    description:
      "A business key may register a referral for a connector who introduced the person offline; it awaits that connector's confirmation (connectorConfirmation \"awaiting\"). Its connector answers here (or on the referral's page in the app, where the mail they get links). confirm: it credits them from now on, and the person is mailed the introduction in their name (their 14 days to answer start now). disown: the referral is closed (status rejected, rejectionReason not_confirmed, consent cancelled) and the person's email and phone are erased. Only the connector answers (the business and platform admins get 403), once (409 after); anyone who may not see the referral gets 404. The business's team is told, and its webhooks receive referral.updated (changedFields [\"connectorConfirmation\"]) or referral.status_changed.",
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Referral id" },
    body: { schema: ConfirmationSchema, name: "ReferralConfirmation", example: { decision: "confirm" } },
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
  },
];
