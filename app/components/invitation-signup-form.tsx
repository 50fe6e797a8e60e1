import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormError, Honeypot, InputField } from "~/components/ui/field";
import { inputClass } from "~/components/ui/input-class";
import { PHONE_PLACEHOLDER } from "~/utils/misc";
import { useValidatedForm } from "~/utils/use-lazy-validation";

/**
 * Sign up from an invitation link (decision 177): the invited name filled in, the invited address
 * shown and fixed (the server takes it from the invitation, so it is not sent), no account type.
 */
export function InvitationSignupForm({
  action,
  invitedName,
  invitedEmail,
  lastResult,
}: {
  action: string;
  invitedName: string;
  invitedEmail: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps } = useValidatedForm("invitationSignup", {
    id: "invitation-signup-form",
    lastResult,
    defaultValue: { name: invitedName },
  });
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "signup";
  return (
    <Form method="post" action={action} className="mt-4 grid gap-4" {...getFormProps(form)} {...formProps}>
      <input type="hidden" name="intent" value="signup" />
      <Honeypot />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="grid gap-1.5">
        <label htmlFor="invited-email" className="text-sm font-medium">
          Email
        </label>
        <input
          id="invited-email"
          type="email"
          value={invitedEmail}
          readOnly
          aria-describedby="invited-email-hint"
          className={inputClass}
        />
        <p id="invited-email-hint" className="text-xs text-muted-foreground">
          The invitation was sent here, so this link verifies it: no confirmation mail.
        </p>
      </div>
      <InputField label="Full Name" meta={fields.name} type="text" autoComplete="name" />
      <InputField label="Username" meta={fields.username} type="text" autoComplete="username" />
      <InputField label="Password" meta={fields.password} type="password" autoComplete="new-password" />
      <InputField label="Phone" meta={fields.phone} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} />
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? "Creating account..." : "Create account and join"}
      </Button>
    </Form>
  );
}
