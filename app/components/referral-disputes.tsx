import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { DisputePanel } from "~/domain/referrals/dispute-panel.server";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";
import { useValidatedForm } from "~/utils/use-lazy-validation";
import { DISPUTE_ANSWER_INTENT, DISPUTE_OPEN_INTENT, DISPUTE_REASON_LABELS } from "~/validation/dispute-labels";
import { DISPUTE_REASONS } from "../../db/enums";
import { ReferralThread } from "./referral-thread";
import { Button } from "./ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";
import { CurrencyOptions } from "./ui/currency-options";
import { Field, FormError, inputClass } from "./ui/field";

type Result = { intent?: string; result?: SubmissionResult<string[]> } | undefined;

/**
 * The referral's disputes (issue 38, part 5; decision 194): the connector's Dispute form while the
 * lifecycle allows one, and each dispute as a thread of its own (the referral's message thread
 * component, read-only: its steps are the claim, the answer and the decision), with the business's
 * answer form while it may answer.
 */
export function ReferralDisputes({
  referralId,
  businessName,
  panel,
}: {
  referralId: number;
  businessName: string;
  panel: DisputePanel;
}) {
  const tz = useTimeZone();
  if (!panel.offer && panel.items.length === 0) return null;
  return (
    <section id="disputes" aria-label="Disputes" className="grid gap-6">
      {panel.offer ? (
        <Card data-testid="dispute-card">
          <CardHeader>
            <CardTitle className="text-base">Dispute this {panel.offer === "rejection" ? "rejection" : "revenue"}</CardTitle>
            <CardDescription>
              If {businessName} {panel.offer === "rejection" ? "rejected this referral" : "recorded the wrong revenue"}, say what
              happened by {formatDate(panel.deadline, tz)}. {businessName} answers first; if they disagree, Warm Intros decides.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <DisputeForm here={`/referrals/${referralId}`} />
          </CardContent>
        </Card>
      ) : null}
      {panel.items.map(({ dispute, statusLabel, steps, answerable }) => (
        <div key={dispute.id} className="grid gap-3">
          <ReferralThread
            referralId={referralId}
            anchorId={`dispute-${dispute.id}`}
            title={`Dispute #${dispute.id}`}
            description={statusLabel}
            businessName={businessName}
            viewerSide={null}
            thread={{ messages: steps, total: steps.length, unread: 0, canWrite: false, side: null }}
          />
          {answerable ? <AnswerForm here={`/referrals/${referralId}`} disputeId={dispute.id} /> : null}
        </div>
      ))}
    </section>
  );
}

function DisputeForm({ here }: { here: string }) {
  const actionData = useActionData<Result>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === DISPUTE_OPEN_INTENT;
  const { form, fields, formProps } = useValidatedForm("dispute", {
    id: "dispute",
    lastResult: actionData?.intent === DISPUTE_OPEN_INTENT ? actionData.result : undefined,
    defaultValue: { claimedCurrency: "SGD" },
  });
  return (
    <Form method="post" action={here} {...getFormProps(form)} {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value={DISPUTE_OPEN_INTENT} />
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Reason" meta={fields.reason}>
        <select {...getSelectProps(fields.reason)} className={inputClass}>
          <option value="">Choose a reason</option>
          {DISPUTE_REASONS.map((r) => (
            <option key={r} value={r}>
              {DISPUTE_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="What happened" meta={fields.note} hint='For example: "The customer signed on 3 March for SGD 12,000."'>
        <textarea {...getTextareaProps(fields.note)} rows={3} className={cn(inputClass, "h-auto")} />
      </Field>
      <div className="grid grid-cols-[1fr_7rem] gap-3">
        <Field label="Revenue the customer paid" meta={fields.claimedRevenue}>
          <input
            {...getInputProps(fields.claimedRevenue, { type: "number" })}
            step="0.01"
            min="0"
            inputMode="decimal"
            placeholder="0.00"
            className={inputClass}
          />
        </Field>
        <Field label="Currency" meta={fields.claimedCurrency}>
          <select {...getSelectProps(fields.claimedCurrency)} className={inputClass}>
            <CurrencyOptions />
          </select>
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : "Open dispute"}
        </Button>
      </div>
    </Form>
  );
}

function AnswerForm({ here, disputeId }: { here: string; disputeId: number }) {
  const actionData = useActionData<Result>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === DISPUTE_ANSWER_INTENT;
  const { form, fields, formProps } = useValidatedForm("disputeAnswer", {
    id: `dispute-answer-${disputeId}`,
    lastResult: actionData?.intent === DISPUTE_ANSWER_INTENT ? actionData.result : undefined,
  });
  return (
    <Card data-testid="dispute-answer">
      <CardHeader>
        <CardTitle className="text-base">Your answer</CardTitle>
        <CardDescription>
          Accepting completes the referral with the claimed revenue and its commission. If you disagree, Warm Intros decides.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={here} {...getFormProps(form)} {...formProps} className="grid gap-4">
          <input type="hidden" name="intent" value={DISPUTE_ANSWER_INTENT} />
          <input type="hidden" name="disputeId" value={disputeId} />
          <FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.answer.errors ?? [])]} />
          <Field label="Note (optional)" meta={fields.note}>
            <textarea {...getTextareaProps(fields.note)} rows={2} className={cn(inputClass, "h-auto")} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="answer" value="accept" disabled={sending}>
              Accept the dispute
            </Button>
            <Button type="submit" name="answer" value="disagree" variant="outline" disabled={sending}>
              Disagree
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
