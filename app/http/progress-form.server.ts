import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { requireReferralUpdater } from "../domain/referrals/access.server";
import { updateReferralProgress } from "../domain/referrals/referrals.server";
import { readForm, replyWithError } from "../utils/forms.server";
import { requireRegularUser } from "../utils/session.server";
import { redirectWithToast } from "../utils/toast.server";
import { parseWithZod, UpdateProgressSchema } from "../validation/forms.server";
import { PROGRESS_INTENT } from "../validation/referral-page-intents";

/**
 * The progress form's POST (status, revenue, notes), wherever the business sends it from: Update
 * Referral and the referral's own page (issue 37 item 2). The model authorizes and the lifecycle
 * decides; `backTo` is where the screen goes after a saved update. `pageReferralId` is the referral a
 * page is about (the referral's own page): it is the one moved, never another a body names.
 */
export async function referralProgressAction(
  { request, context }: ActionFunctionArgs,
  backTo: (referralId: number) => string,
  pageReferralId?: number,
) {
  const user = await requireRegularUser(request, context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: UpdateProgressSchema });
  if (submission.status !== "success") return data({ intent: PROGRESS_INTENT, result: submission.reply() }, { status: 400 });
  const { referralId: named, ...progress } = submission.value;
  const referralId = pageReferralId ?? named;
  try {
    const db = context.db();
    await updateReferralProgress(db, user, await requireReferralUpdater(db, user, referralId), progress);
    return redirectWithToast(backTo(referralId), request, context, {
      title: "Update sent successfully (connector will be notified)",
    });
  } catch (error) {
    return replyWithError(submission, error, request, context, { toastTitle: "Update failed", intent: PROGRESS_INTENT });
  }
}
