import { disputeExample, disputeSchema } from "~/domain/referrals/dispute-schema";
import { REFERRAL_CHANGED } from "~/domain/referrals/dispute-settlement.server";
import { answerDispute, DISPUTE_NOT_FOUND } from "~/domain/referrals/disputes.server";
import { DISPUTE_NOT_OPEN, DISPUTE_ONLY_OWNER_OR_ADMIN, DISPUTE_WINDOW_PASSED } from "~/domain/referrals/lifecycle";
import { defineContract } from "~/http/api-contract";
import { postOnId, scopedCaller } from "~/http/api-routes.server";
import { methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { ANSWER_REQUIRED, DISPUTE_NOTE_MAX, DisputeAnswerSchema } from "~/validation/disputes";

export const contract = defineContract("/api/disputes/{id}/answer", {
  post: {
    operationId: "answerDispute",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Dispute id" },
    body: {
      schema: DisputeAnswerSchema,
      name: "DisputeAnswer",
      example: { answer: "disagree", note: "They signed with another agency." },
    },
    docs: () => ({
      fields: {
        answer:
          "accept (the referral becomes completed with the claimed revenue, its commission follows) or disagree (a platform admin decides)",
        note: `Optional, up to ${DISPUTE_NOTE_MAX} characters`,
      },
      summary: "Answer a dispute",
      description:
        "The business's owner or a team admin answers an open dispute within the response window (answerDueAt). Accepting settles it as an upheld dispute would: the referral becomes completed with the claimed revenue, with its history row and referral.status_changed, and its commission follows (a new one; or the standing one reversed while unpaid, or adjusted once paid). Disagreeing sends it to the platform admins' queue. The connector is told (in the app and by mail) and dispute.answered is written, all in one step. Members, the connector and platform admins get 403; anyone else 404.",
      success: { status: 200, description: "The answered dispute", schema: disputeSchema(), example: disputeExample },
      errors: {
        400: [["answer is missing or not accept or disagree", ANSWER_REQUIRED]],
        403: [["You are not the business's owner or a team admin", DISPUTE_ONLY_OWNER_OR_ADMIN]],
        404: [["No such dispute, or not yours to see", DISPUTE_NOT_FOUND]],
        409: [
          ["The dispute was already answered or decided", DISPUTE_NOT_OPEN],
          ["The response window has passed", DISPUTE_WINDOW_PASSED],
          ["The referral changed while the dispute was being settled: nothing was written", REFERRAL_CHANGED],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/disputes/{id}/answer `{ "answer", "note"? }`: the business accepts or disagrees. */
export const action = postOnId(scopedCaller(contract.post.auth.scope), ({ db, user, id, request }) =>
  answerDispute(db, user, id, () => readJsonBody(request)),
);
