import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data } from "@remix-run/cloudflare";
import { answerDispute, openDispute } from "../../domain/referrals/disputes.server";
import { replyWithError } from "../../utils/forms.server";
import { positiveIdOrNull } from "../../utils/misc";
import { redirectWithToast } from "../../utils/toast.server";
import { DISPUTE_ANSWER_INTENT, DISPUTE_OPEN_INTENT } from "../../validation/dispute-labels";
import { DisputeAnswerSchema, DisputeOpenSchema } from "../../validation/disputes";
import { referralFormPost } from "./form-post.server";

export const isDisputeIntent = (intent: unknown) => intent === DISPUTE_OPEN_INTENT || intent === DISPUTE_ANSWER_INTENT;

/**
 * The referral page's dispute forms (issue 38, part 5; decision 194), plain POSTs that work without
 * JavaScript: the connector opens a dispute, the business's owner or a team admin answers one. The
 * model authorizes (the lifecycle's rules) before the fields are read, as the API does.
 */
export async function referralDisputesAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { user, id, formData, here } = await referralFormPost(args);
  const intent = String(formData.get("intent"));
  const db = context.db();
  if (intent === DISPUTE_OPEN_INTENT) {
    const submission = parseWithZod(formData, { schema: DisputeOpenSchema });
    try {
      await openDispute(db, user, id, async () => {
        if (submission.status !== "success") throw submissionError;
        return submission.value;
      });
    } catch (error) {
      if (error === submissionError) return data({ intent, result: submission.reply() }, { status: 400 });
      const reply = await replyWithError(submission, error, request, context, { toastTitle: "Dispute not opened", intent });
      return reply;
    }
    return redirectWithToast(`${here}#disputes`, request, context, { title: "Dispute opened" });
  }
  const disputeId = positiveIdOrNull(String(formData.get("disputeId") ?? "")) ?? 0;
  const submission = parseWithZod(formData, { schema: DisputeAnswerSchema });
  try {
    await answerDispute(
      db,
      user,
      disputeId,
      async () => {
        if (submission.status !== "success") throw submissionError;
        return submission.value;
      },
      id,
    );
  } catch (error) {
    if (error === submissionError) return data({ intent, result: submission.reply() }, { status: 400 });
    return replyWithError(submission, error, request, context, { toastTitle: "Answer not saved", intent });
  }
  return redirectWithToast(`${here}#disputes`, request, context, { title: "Answer saved" });
}

/** Stands for "the form's fields are not valid" once the model let the caller in. */
const submissionError = new Error("invalid submission");
