import { type AppLoadContext, data } from "@remix-run/cloudflare";
import { DISPUTE_NOT_FOUND, decideDispute } from "../domain/referrals/disputes.server";
import type { Database } from "../utils/db.server";
import { AppError } from "../utils/errors.server";
import { positiveIdOrNull } from "../utils/misc";
import type { SessionUser } from "../utils/session.server";
import { redirectWithToast } from "../utils/toast.server";

/**
 * A refused decision, for the Disputes tab to show where it belongs (issue 38; a screen's bad input is a
 * field message, decision 194's console form included): the note's own messages under the note, which
 * keeps what was typed; any other refusal (no longer waiting for a decision, the referral moved) as the
 * dispute's form message, or the tab's when the dispute has left the queue.
 */
export type DisputeDecisionReply = {
  disputeDecision: { disputeId: number; note: string; noteErrors: string[]; formError: string | null };
};

/**
 * The Disputes tab's Uphold or Dismiss (`intent`), a plain POST that works without JavaScript: done,
 * a redirect to `back` with its toast; refused, the page again with the reply and the refusal's status.
 */
export async function adminDisputeDecision(
  db: Database,
  admin: SessionUser,
  formData: FormData,
  intent: "uphold" | "dismiss",
  { request, context, back }: { request: Request; context: AppLoadContext; back: string },
) {
  const disputeId = positiveIdOrNull(String(formData.get("disputeId") ?? "")) ?? 0;
  const raw = formData.get("note");
  const note = typeof raw === "string" ? raw : "";
  try {
    if (!disputeId) throw new AppError(404, DISPUTE_NOT_FOUND);
    await decideDispute(db, admin, disputeId, async () => ({ decision: intent, note }));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const noteErrors = error.errors?.note ?? [];
    const other = Object.entries(error.errors ?? {}).find(([field]) => field !== "note")?.[1]?.[0];
    const formError = noteErrors.length ? (other ?? null) : (other ?? error.message);
    return data<DisputeDecisionReply>({ disputeDecision: { disputeId, note, noteErrors, formError } }, { status: error.status });
  }
  return redirectWithToast(back, request, context, { title: intent === "uphold" ? "Dispute upheld" : "Dispute dismissed" });
}
