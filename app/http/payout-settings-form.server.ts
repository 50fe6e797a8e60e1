import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { updatePayoutSettings } from "~/domain/money/payout-settings.server";
import { loadWorkplace } from "~/domain/parties/workplace.server";
import { AppError } from "~/utils/errors.server";
import { replyWithError } from "~/utils/forms.server";
import type { SessionUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PayoutSettingsFormSchema } from "~/validation/payout-requests";

/**
 * The payout settings form of /business/payouts (issue 38 part 2): its workplace's minimums and terms,
 * changed by payout-settings.server (which checks the seat). Answers as the screen's other form does:
 * `{ formId, result }` with the field messages, or a redirect with a toast.
 */
export async function payoutSettingsAction(formData: FormData, user: SessionUser, request: Request, context: AppLoadContext) {
  // The card's id (components/payout-settings-card PAYOUT_SETTINGS_FORM_ID).
  const formId = "payout-settings";
  const submission = parseWithZod(formData, { schema: PayoutSettingsFormSchema });
  if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });
  const db = context.db();
  try {
    const workplace = await loadWorkplace(db, user);
    if (!workplace) throw new AppError(404, "Business profile not found");
    const { payoutTermsDays, minimums } = submission.value;
    await updatePayoutSettings(db, user, workplace.business.id, { payoutTermsDays, minimums });
    return redirectWithToast("/business/payouts", request, context, {
      title: "Payout settings saved",
      description: `Payout requests are due ${payoutTermsDays} days after they are made.`,
    });
  } catch (error) {
    const reply = await replyWithError(submission, error, request, context, { toastTitle: "Failed to save payout settings" });
    return data({ formId, result: reply.data.result }, reply.init ?? undefined);
  }
}
