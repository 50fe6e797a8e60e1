import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SELF_INTRODUCTION_INTENT } from "~/components/connector-view";
import { Icon } from "~/components/icon";
import { Button } from "~/components/ui/button";
import { Field, FormError, Honeypot, InputField, inputClass } from "~/components/ui/field";
import { cn, PHONE_PLACEHOLDER } from "~/utils/misc";

export { SELF_INTRODUCTION_INTENT };

type Fields = { referredPersonName: string; referredPersonEmail: string; referredPersonPhone: string; notes: string };

/**
 * A prospect introduces themselves through a connector's personal link (issue 37, decision 180): their
 * own name, email, phone and a note. The page ships no JavaScript to visitors, so this is a plain
 * form the server checks with the referral form's schema; its messages come back under each field.
 */
export function SelfIntroductionForm({
  action,
  code,
  lastResult,
}: {
  action: string;
  code: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<Fields>({ id: "self-introduction-form", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 grid gap-4">
      <input type="hidden" name="intent" value={SELF_INTRODUCTION_INTENT} />
      <input type="hidden" name="via" value={code} />
      <Honeypot />
      <FormError id={form.errorId} errors={form.errors} />
      <InputField label="Your Name" meta={fields.referredPersonName} type="text" autoComplete="name" placeholder="Full name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Your Email"
          meta={fields.referredPersonEmail}
          type="email"
          autoComplete="email"
          placeholder="name@example.com"
        />
        <InputField
          label="Your Phone"
          meta={fields.referredPersonPhone}
          type="tel"
          autoComplete="tel"
          placeholder={PHONE_PLACEHOLDER}
        />
      </div>
      <Field label="Note (optional)" meta={fields.notes}>
        <textarea
          {...getTextareaProps(fields.notes)}
          rows={3}
          className={cn(inputClass, "h-auto min-h-20")}
          placeholder="What are you looking for?"
        />
      </Field>
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start">
        <Icon name="send" className="h-4 w-4" />
        Introduce Me
      </Button>
    </Form>
  );
}
