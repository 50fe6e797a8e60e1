import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { BusinessFields } from "~/components/business-fields";
import { Button } from "~/components/ui/button";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { useValidatedForm } from "~/utils/use-lazy-validation";
import type { BusinessSchema } from "~/validation/business";

type Values = Partial<Record<keyof z.input<typeof BusinessSchema>, string>>;

/**
 * The business form of /business/register and /business/profile (SPEC section 5). It registers a
 * business (`mode="register"`) or saves changes to one (`mode="update"`); it posts to its own route.
 */
export function BusinessProfileForm({
  mode,
  defaultValue,
  lastResult,
}: {
  mode: "register" | "update";
  defaultValue?: Values;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === mode;
  const { form, fields, formProps } = useValidatedForm("business", {
    id: `business-${mode}`,
    lastResult,
    defaultValue: defaultValue ?? { accountType: "company" },
  });
  const label = mode === "register" ? "Register Business" : "Save Changes";
  const busyLabel = mode === "register" ? "Registering..." : "Saving...";
  return (
    <Form method="post" className="grid grid-cols-1 gap-6" {...getFormProps(form)} {...formProps}>
      <input type="hidden" name="intent" value={mode} />
      <FormError id={form.errorId} errors={form.errors} />
      <BusinessFields fields={fields} />
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label="Response Window (business days)"
          meta={fields.responseWindowDays}
          hint="How long your team takes to decide on a referral once the person has agreed to be introduced (1 to 30; weekends do not count). Changes apply to referrals that consent from now on."
        >
          <input
            {...getInputProps(fields.responseWindowDays, { type: "number" })}
            min={1}
            max={30}
            step={1}
            inputMode="numeric"
            placeholder="5"
            className={inputClass}
          />
        </Field>
        <Field
          label="Hold period (days)"
          meta={fields.holdDays}
          hint="Commissions become payable this many days after a referral completes (0 to 90), time to catch refunds and chargebacks. Changes apply to commissions from now on."
        >
          <input
            {...getInputProps(fields.holdDays, { type: "number" })}
            min={0}
            max={90}
            step={1}
            inputMode="numeric"
            placeholder="30"
            className={inputClass}
          />
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? busyLabel : label}
        </Button>
      </div>
    </Form>
  );
}
