import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { disputeExample, disputeSchema } from "~/domain/referrals/dispute-schema";
import { openDispute } from "~/domain/referrals/disputes.server";
import {
  DISPUTE_ALREADY_OPEN,
  DISPUTE_NOT_DISPUTABLE,
  DISPUTE_ONLY_CONNECTOR,
  DISPUTE_SAME_REVENUE,
  DISPUTE_TOO_LATE,
  DISPUTE_WINDOW_DAYS,
} from "~/domain/referrals/lifecycle";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { scopedCaller } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { idempotent } from "~/utils/idempotency.server";
import { DISPUTE_NOTE_MAX, DISPUTE_REASON_REQUIRED, DisputeOpenSchema } from "~/validation/disputes";

export const contract = defineContract("/api/referrals/{id}/disputes", {
  post: {
    operationId: "openDispute",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:write" },
    idempotent: true,
    path_params: { id: "Referral id" },
    body: {
      schema: DisputeOpenSchema,
      name: "DisputeCreate",
      example: {
        reason: "customer_signed",
        note: "The customer signed on 3 March for SGD 12,000.",
        claimedRevenue: 12000,
        claimedCurrency: "SGD",
      },
    },
    docs: () => ({
      fields: {
        reason: "customer_signed, revenue_understated, wrong_rejection_reason or other",
        note: `What happened, 1 to ${DISPUTE_NOTE_MAX} characters`,
        claimedRevenue: "The revenue the customer paid, as you say it is: more than 0, at most 2 decimals (whole for JPY)",
        claimedCurrency: "Its currency",
      },
      summary: "Dispute a referral's rejection or its revenue",
      description: `The referral's connector disputes the business's rejection of it, or the revenue recorded when it was completed, within ${DISPUTE_WINDOW_DAYS} days of that rejection or completion; one open dispute per referral. The business's owner and team are told (in the app and by mail) and dispute.opened is written; the business has its response window (its responseWindowDays, in business days: answerDueAt) to answer. If it accepts, or a platform admin upholds the dispute, the referral becomes completed with the claimed revenue and its commission follows as on any completion or revenue change. The business's team and platform admins get 403; anyone else 404.`,
      success: { status: 201, description: "The dispute", schema: disputeSchema(), example: disputeExample },
      errors: {
        400: [["A field is missing or not valid (named in errors)", DISPUTE_REASON_REQUIRED]],
        403: [["You are not the referral's connector", DISPUTE_ONLY_CONNECTOR]],
        404: [["No such referral, or not yours to see", "Referral not found"]],
        409: [
          ["The referral is not rejected by its business nor completed", DISPUTE_NOT_DISPUTABLE],
          [`More than ${DISPUTE_WINDOW_DAYS} days since the rejection or completion`, DISPUTE_TOO_LATE],
          ["The referral already has an open dispute", DISPUTE_ALREADY_OPEN],
        ],
        422: [["A completion's dispute claims the revenue already recorded", DISPUTE_SAME_REVENUE]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/referrals/{id}/disputes: the connector disputes the rejection or the completion's revenue (201). */
export const action = apiHandler(
  idempotent(
    { authenticate: scopedCaller(contract.post.auth.scope) },
    async ({ request, context, params }: ActionFunctionArgs) => {
      if (request.method !== "POST") return methodNotAllowed(["POST"]);
      const user = await requireApiUser(request, context, contract.post.auth.scope);
      const id = idOrNotFound(params.id);
      // Authorized before the body is read: a stranger learns nothing from validation messages.
      const dispute = await openDispute(context.db(), user, id, () => readJsonBody(request));
      return jsonResponse(dispute, { status: 201 });
    },
  ),
);
