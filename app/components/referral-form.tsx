import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { matchesBusinessQuery, REFERRAL_INTENT } from "~/components/connector-view";
import { Icon } from "~/components/icon";
import { Button } from "~/components/ui/button";
import { Field, FormError, InputField, inputClass } from "~/components/ui/field";
import { cn, PHONE_PLACEHOLDER } from "~/utils/misc";
import { useValidatedForm } from "~/utils/use-lazy-validation";

/** What the form needs of a business: never its contact details. */
export type BusinessOption = {
  id: number;
  companyName: string;
  referralFee: string;
  sector: string | null;
  nature: string | null;
  /** The referral fee as a percentage, when it is one: the cashback prefill. */
  percent: number | null;
  /** The fee is a flat amount: it pays, whatever cashback is entered (decision 120). */
  flat: boolean;
};

type Props = {
  lastResult?: SubmissionResult<string[]>;
  /** Where the form posts; the current route when omitted. */
  action?: string;
  /** The select's businesses; ignored when `fixedBusiness` is given. */
  businesses?: BusinessOption[];
  /** A client-side filter over `businesses` (the selected one always stays). */
  filter?: string;
  /** /refer/{id}: the business is fixed and travels as a hidden field. */
  fixedBusiness?: BusinessOption;
  defaultBusinessId?: number | null;
};

/**
 * Referred person, cashback and notes for one business (SPEC "Create referral"). Validates on
 * submit, then as you type, with the same schema the server uses; posts a plain form that works
 * without JavaScript.
 */
export function ReferralForm({ lastResult, action, businesses = [], filter = "", fixedBusiness, defaultBusinessId }: Props) {
  const initialBusiness = fixedBusiness ?? businesses.find((b) => b.id === defaultBusinessId);
  const { form, fields, formProps } = useValidatedForm("referral", {
    id: "referral-form",
    lastResult,
    defaultValue: {
      businessId: initialBusiness ? String(initialBusiness.id) : "",
      cashbackPercentage: initialBusiness?.percent != null ? String(initialBusiness.percent) : "",
    },
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === REFERRAL_INTENT;

  const cashbackRef = useRef<HTMLInputElement>(null);
  // The cashback the form filled in itself: a value the user typed is never overwritten.
  const prefilled = useRef<string>(initialBusiness?.percent != null ? String(initialBusiness.percent) : "");

  const selectedId = fields.businessId.value ?? "";
  const selected = fixedBusiness ?? businesses.find((b) => String(b.id) === selectedId);
  const visible = businesses.filter((b) => String(b.id) === selectedId || matchesBusinessQuery(b, filter));

  function onBusinessChange(event: React.ChangeEvent<HTMLSelectElement>) {
    const next = businesses.find((b) => String(b.id) === event.currentTarget.value);
    const input = cashbackRef.current;
    if (!input || next?.percent == null || (input.value !== "" && input.value !== prefilled.current)) return;
    prefilled.current = String(next.percent);
    fillIn(input, prefilled.current);
  }

  return (
    <Form method="post" action={action} className="grid gap-4" {...getFormProps(form)} {...formProps}>
      <input type="hidden" name="intent" value={REFERRAL_INTENT} />
      <FormError id={form.errorId} errors={form.errors} />
      {fixedBusiness ? (
        <>
          <input type="hidden" name={fields.businessId.name} value={fixedBusiness.id} />
          {fields.businessId.errors ? <FormError errors={fields.businessId.errors} /> : null}
        </>
      ) : (
        <Field
          label="Business"
          meta={fields.businessId}
          hint={selected ? `Referral fee: ${selected.referralFee}${selected.sector ? ` · ${selected.sector}` : ""}` : undefined}
        >
          <select {...getSelectProps(fields.businessId)} className={inputClass} onChange={onBusinessChange}>
            <option value="">Select a business</option>
            {visible.map((b) => (
              <option key={b.id} value={b.id}>
                {b.companyName} ({b.referralFee})
              </option>
            ))}
          </select>
        </Field>
      )}
      <InputField
        label="Referred Person Name"
        meta={fields.referredPersonName}
        type="text"
        autoComplete="off"
        placeholder="Full name"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Email"
          meta={fields.referredPersonEmail}
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
        />
        <InputField
          label="Phone"
          meta={fields.referredPersonPhone}
          type="tel"
          autoComplete="off"
          placeholder={PHONE_PLACEHOLDER}
        />
      </div>
      <Field
        label="Cashback Percentage"
        meta={fields.cashbackPercentage}
        hint={cashbackHint(selected, fields.cashbackPercentage.value)}
      >
        <div className="relative">
          <input
            {...getInputProps(fields.cashbackPercentage, { type: "number" })}
            ref={cashbackRef}
            min={0}
            max={100}
            step={0.1}
            inputMode="decimal"
            className={cn(inputClass, "pr-8")}
            placeholder="e.g. 5"
          />
          <span
            className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground"
            aria-hidden="true"
          >
            %
          </span>
        </div>
      </Field>
      <Field label="Notes (optional)" meta={fields.notes}>
        <textarea
          {...getTextareaProps(fields.notes)}
          rows={3}
          className={cn(inputClass, "h-auto min-h-20")}
          placeholder="How do you know them, and what do they need?"
        />
      </Field>
      <Button type="submit" disabled={busy} className="w-full sm:w-auto sm:justify-self-start">
        <Icon name="send" className="h-4 w-4" />
        {busy ? "Creating referral..." : "Create Referral"}
      </Button>
    </Form>
  );
}

/**
 * Puts `value` in the field as typing would: Conform reads it from the input event at once. Not
 * form.update, whose intent is a submit: one made before the form's checks have loaded waits for them
 * (use-lazy-validation), and would then overwrite what the person typed meanwhile (issue 37, decision 159).
 */
function fillIn(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

// Re-exported for the screens that show both; the dashboard imports it alone (no zod in its bundle).
export { CreateProfileForm } from "./create-profile-form";

/**
 * What the cashback means for this business (issue 33, decision 120): the percentage fee prefills
 * it, and another number is a proposal the business answers; a flat fee pays as stated. It says
 * "Prefilled" only while the field holds the fee (issue 37: not over an empty or typed-over field).
 */
function cashbackHint(b: BusinessOption | undefined, value: string | undefined) {
  const range = "From 0 to 100, in steps of 0.1.";
  if (b?.percent != null) {
    const lead =
      value !== undefined && value.trim() !== "" && Number(value) === b.percent
        ? `Prefilled from ${b.companyName}'s referral fee (${b.referralFee}).`
        : `${b.companyName}'s referral fee is ${b.referralFee}.`;
    return `${lead} A different percentage is a proposal: ${b.companyName} accepts or declines it, and until it accepts, the referral pays ${b.referralFee}. ${range}`;
  }
  if (b?.flat) return `${b.companyName} pays a flat ${b.referralFee} when the referral completes, whatever the revenue. ${range}`;
  return range;
}
