import type { AppLoadContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { requestPayout } from "~/domain/money/payout-requests.server";
import { formatDay } from "~/utils/dates";
import { AppError } from "~/utils/errors.server";
import { formatMinor } from "~/utils/money";
import type { SessionUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PayoutRequestInputSchema } from "~/validation/payout-requests";

/**
 * Earnings' "Request payout" button (issue 38 part 2): the same call as POST /api/payout-requests.
 * A refusal (below the minimum, already requested) answers with its status and the message, shown
 * on the business's row; success redirects with a toast.
 */
export async function payoutRequestAction(formData: FormData, user: SessionUser, request: Request, context: AppLoadContext) {
  const businessId = Number(formData.get("businessId"));
  const currency = String(formData.get("currency") ?? "");
  const parsed = PayoutRequestInputSchema.safeParse({ businessId, currency });
  if (!parsed.success)
    return data(
      { payoutRequestProblem: { businessId, currency, message: "Choose a business and currency to request a payout from" } },
      { status: 400 },
    );
  try {
    const made = await requestPayout(context.db(), user, parsed.data);
    return redirectWithToast("/earnings", request, context, {
      title: "Payout requested",
      description: `${made.businessName} was asked to pay ${formatMinor(made.amountMinor, made.currency)} by ${formatDay(made.dueAt)}.`,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ payoutRequestProblem: { businessId, currency, message: error.message } }, { status: error.status });
  }
}
