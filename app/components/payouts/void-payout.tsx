import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { Button } from "~/components/ui/button";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { formatDay } from "~/utils/dates";
import { PAYOUT_VOID_DAYS, VOID_REASON_MAX } from "~/validation/payout-voids";

type VoidablePayout = {
  id: number;
  connectorName: string;
  reference: string;
  voidedAt: string | null;
  voidReason: string | null;
  voidable: boolean;
};

/** Which payout's void form an answer belongs to. */
export const voidFormId = (payoutId: number | string) => `void-${payoutId}`;

/**
 * A payout history row's status and, while it may be voided (decision 187: within 7 days of
 * recording), its void form: a reason (required) and the button, in a <details> so it needs no script.
 */
export function PayoutVoidCell({ payout, lastResult }: { payout: VoidablePayout; lastResult?: SubmissionResult<string[]> }) {
  if (payout.voidedAt)
    return (
      <span className="block break-words text-sm">
        <span className="font-medium text-destructive">{`Voided ${formatDay(payout.voidedAt)}`}</span>
        {payout.voidReason ? <span className="block text-xs text-muted-foreground">{payout.voidReason}</span> : null}
      </span>
    );
  if (!payout.voidable) return <span className="text-sm text-muted-foreground">Paid</span>;
  return <VoidForm payout={payout} lastResult={lastResult} />;
}

function VoidForm({ payout, lastResult }: { payout: VoidablePayout; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("payoutId") === String(payout.id);
  const [form, fields] = useForm<{ reason: string }>({ id: voidFormId(payout.id), lastResult, shouldRevalidate: "onBlur" });
  return (
    <details className="text-sm" open={lastResult ? true : undefined}>
      <summary className="cursor-pointer font-medium underline-offset-4 hover:underline">Void</summary>
      <Form method="post" className="mt-2 grid min-w-0 gap-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="void" />
        <input type="hidden" name="payoutId" value={payout.id} />
        <FormError id={form.errorId} errors={form.errors} />
        <Field
          label="Reason for voiding"
          meta={fields.reason}
          hint={`Recorded in error? Voiding within ${PAYOUT_VOID_DAYS} days makes its commissions payable again; ${payout.connectorName} is told why.`}
        >
          <textarea {...getTextareaProps(fields.reason)} className={inputClass} rows={2} maxLength={VOID_REASON_MAX} />
        </Field>
        <Button
          type="submit"
          variant="destructive"
          disabled={submitting}
          className="w-full sm:w-auto sm:justify-self-start"
          aria-label={`Void payout ${payout.reference} to ${payout.connectorName}`}
        >
          <Icon name="ban" className="h-4 w-4" />
          Void payout
        </Button>
      </Form>
    </details>
  );
}
