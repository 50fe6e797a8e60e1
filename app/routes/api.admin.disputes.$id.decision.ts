import { disputeExample, disputeSchema } from "~/domain/referrals/dispute-schema";
import { REFERRAL_CHANGED } from "~/domain/referrals/dispute-settlement.server";
import { DISPUTE_NOT_FOUND, decideDispute } from "~/domain/referrals/disputes.server";
import { DISPUTE_NOT_FOR_ADMIN, DISPUTE_REFERRAL_CHANGED } from "~/domain/referrals/lifecycle";
import { defineContract } from "~/http/api-contract";
import { adminChangeCaller, postOnId } from "~/http/api-routes.server";
import { NOT_ADMIN, REAUTH } from "~/openapi/operation-parts";
import { methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { DECISION_REQUIRED, DISPUTE_NOTE_MAX, DisputeDecisionSchema } from "~/validation/disputes";

export const contract = defineContract("/api/admin/disputes/{id}/decision", {
  post: {
    operationId: "decideDispute",
    tag: "Admin",
    auth: { kind: "session", admin: true },
    path_params: { id: "Dispute id" },
    body: {
      schema: DisputeDecisionSchema,
      name: "DisputeDecision",
      example: { decision: "uphold", note: "The signed contract shows SGD 12,000." },
    },
    docs: () => ({
      fields: {
        decision: "uphold (the referral becomes completed with the claimed revenue, its commission follows) or dismiss",
        note: `Why, 1 to ${DISPUTE_NOTE_MAX} characters: both sides read it`,
      },
      summary: "Decide a dispute",
      description:
        "A platform admin upholds or dismisses a dispute the business disagreed with or did not answer within its response window. Upholding moves the referral to completed with the claimed revenue (its history row and referral.status_changed), and its commission follows: a new one for a rejection; for a completion the standing one is reversed while unpaid, or adjusted once paid, and the new one created. Both sides are told (in the app and by mail) and dispute.resolved is written, all in one step. Needs the password entered in the last 10 minutes (POST /api/auth/reauthenticate).",
      success: { status: 200, description: "The decided dispute", schema: disputeSchema(), example: disputeExample },
      errors: {
        400: [["decision or note is missing or not valid", DECISION_REQUIRED]],
        403: [NOT_ADMIN, REAUTH],
        404: [["No such dispute", DISPUTE_NOT_FOUND]],
        409: [
          ["The business may still answer it, or it is settled", DISPUTE_NOT_FOR_ADMIN],
          ["The referral has since left rejected or completed", DISPUTE_REFERRAL_CHANGED],
          ["The referral changed while the dispute was being settled: nothing was written", REFERRAL_CHANGED],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/admin/disputes/{id}/decision `{ "decision", "note" }`: a platform admin upholds or dismisses. */
export const action = postOnId(adminChangeCaller, ({ db, user, id, request }) =>
  decideDispute(db, user, id, () => readJsonBody(request)),
);
