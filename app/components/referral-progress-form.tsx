import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { type ReferralToUpdate, statusLabel } from "~/components/referral-update-summary";
import { Button } from "~/components/ui/button";
import { CurrencyOptions } from "~/components/ui/currency-options";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { commissionRateOf, referralCommission } from "~/domain/money/commission";
import { previewProposal } from "~/domain/referrals/lifecycle";
import { cn } from "~/utils/misc";
import { formatMinor, toHundredths } from "~/utils/money";
import { useValidatedForm } from "~/utils/use-lazy-validation";
import { PROGRESS_INTENT } from "~/validation/referral-page-intents";
import { REJECTION_REASON_LABELS } from "~/validation/rejection-reasons";
import { BUSINESS_REJECTION_REASONS, CURRENCIES, type Currency, REFERRAL_STATUSES, type ReferralStatus } from "../../db/enums";

/** Update Referral's form: status, rejection reason, revenue, the cashback answer and a note, with the fee it will pay. */
export function ProgressForm({
  r,
  moves,
  lastResult,
}: {
  r: ReferralToUpdate;
  /** The statuses the viewer may move it to, and why not when none. */
  moves: { statuses: ReferralStatus[]; blocked: string | null };
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { form, fields, formProps } = useValidatedForm("progress", {
    id: `progress-${r.id}`,
    lastResult,
    defaultValue: {
      referralId: String(r.id),
      status: r.status,
      revenueReceived: r.revenueReceived === null ? "" : r.revenueReceived.toFixed(2),
      revenueCurrency: r.revenueCurrency,
      statusNotes: "",
      rejectionReason: r.rejectionReason ?? "",
      cashbackProposal: "",
    },
  });
  const [revenue, setRevenue] = useState(fields.revenueReceived.initialValue ?? "");
  const [currency, setCurrency] = useState<Currency>(CURRENCIES.find((c) => c === fields.revenueCurrency.initialValue) ?? "SGD");
  const [answer, setAnswer] = useState(String(fields.cashbackProposal.initialValue ?? ""));
  const amount = revenue.trim() === "" ? null : Number(revenue);
  // The one commission formula (the lifecycle's), with the proposal as this form would answer it.
  const earning = { ...r.earning, cashbackProposal: previewProposal(r.earning.cashbackProposal, answer) };
  const rate = commissionRateOf(earning);
  const earned =
    amount === null || (Number.isFinite(amount) && amount >= 0)
      ? referralCommission(earning, amount === null ? null : toHundredths(amount), currency)
      : null;
  const feePreview = earned ? formatMinor(earned.amountMinor, earned.currency) : null;
  return (
    <Form method="post" className="progress-form grid grid-cols-1 gap-4" {...getFormProps(form)} {...formProps}>
      <input {...getInputProps(fields.referralId, { type: "hidden" })} />
      {/* The referral's page has several forms; this names the progress one (Update Referral ignores it). */}
      <input type="hidden" name="intent" value={PROGRESS_INTENT} />
      <FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.referralId.errors ?? [])]} />
      <Field label="Status" meta={fields.status}>
        <select {...getSelectProps(fields.status)} className={inputClass}>
          {REFERRAL_STATUSES.map((s) => (
            <option key={s} value={s} disabled={!moves.statuses.includes(s)}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </Field>
      {moves.blocked ? (
        <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm" data-testid="lifecycle-notice">
          {moves.blocked}
        </p>
      ) : null}
      {/* Only while Rejected is chosen (issue 37 item 2); a CSS :has() rule, so without JavaScript too. */}
      <Field
        label="Rejection Reason"
        className="progress-for-rejected"
        meta={fields.rejectionReason}
        hint='Needed when the status is Rejected; "Other" needs a note. The connector sees it.'
      >
        <select {...getSelectProps(fields.rejectionReason)} className={inputClass}>
          <option value="">Choose a reason</option>
          {BUSINESS_REJECTION_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REJECTION_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid grid-cols-[1fr_7rem] gap-3">
        <Field label="Revenue Received (optional)" meta={fields.revenueReceived}>
          <input
            {...getInputProps(fields.revenueReceived, { type: "number" })}
            step="0.01"
            min="0"
            inputMode="decimal"
            placeholder="0.00"
            onInput={(e) => setRevenue(e.currentTarget.value)}
            className={inputClass}
          />
        </Field>
        <Field label="Currency" meta={fields.revenueCurrency}>
          <select
            {...getSelectProps(fields.revenueCurrency)}
            onInput={(e) => setCurrency(e.currentTarget.value as Currency)}
            className={inputClass}
          >
            <CurrencyOptions />
          </select>
        </Field>
      </div>
      {r.earning.cashbackProposal === "proposed" ? (
        <Field
          label="Cashback Proposal"
          meta={fields.cashbackProposal}
          hint={`${r.connectorName} proposes ${r.cashbackPercentage}% instead of the referral's ${r.termsSnapshot.referralFee}. Until you accept, the referral pays its terms.`}
        >
          <select
            {...getSelectProps(fields.cashbackProposal)}
            onInput={(e) => setAnswer(e.currentTarget.value)}
            className={inputClass}
          >
            <option value="">Decide later (pay the terms)</option>
            <option value="accept">Accept {r.cashbackPercentage}%</option>
            <option value="decline">Decline (pay {r.termsSnapshot.referralFee})</option>
          </select>
        </Field>
      ) : null}
      <p className="rounded-md bg-muted/50 px-3 py-2 text-sm" aria-live="polite" data-testid="fee-preview">
        {rate === null ? "Referral fee (flat)" : `Referral fee at ${rate / 100}%`}:{" "}
        <span className="font-semibold tabular-nums">{feePreview ?? "—"}</span>
      </p>
      <Field
        label={<NotesLabel />}
        meta={fields.statusNotes}
        hint={<NotesHint reopening={r.status === "completed" || r.status === "rejected"} />}
      >
        <textarea {...getTextareaProps(fields.statusNotes)} rows={3} className={cn(inputClass, "h-auto")} />
      </Field>
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:justify-self-end">
        {submitting ? "Sending..." : "Send Update"}
      </Button>
    </Form>
  );
}

/**
 * The notes' label names what they are for under the chosen status (decision 173). One span per
 * status; a CSS :has() rule shows the chosen one's (without JavaScript too), and an accessible name
 * skips the hidden ones.
 */
const NOTES_LABELS: Record<ReferralStatus, string> = {
  pending: "Review Notes (optional)",
  approved: "Approval Notes (optional)",
  completed: "Completion Notes (optional)",
  rejected: "Rejection Notes (optional)",
};

function NotesLabel() {
  return (
    <>
      {REFERRAL_STATUSES.map((s) => (
        <span key={s} className={`progress-for-${s}`}>
          {NOTES_LABELS[s]}
        </span>
      ))}
    </>
  );
}

const NOTES_HINTS: Record<ReferralStatus, string> = {
  pending: "What you are still checking. Shared with the connector.",
  approved: "What happens next. Shared with the connector.",
  completed: "What was agreed, e.g. the contract. Shared with the connector.",
  rejected: 'Why, in your words; needed when the reason is "Other". Shared with the connector.',
};

function NotesHint({ reopening }: { reopening: boolean }) {
  return (
    <>
      {REFERRAL_STATUSES.map((s) => (
        <span key={s} className={`progress-for-${s}`}>
          {NOTES_HINTS[s]}
        </span>
      ))}
      {reopening ? " Needed to reopen a completed or rejected referral." : null}
    </>
  );
}
