import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AccountNotice, AccountPage } from "~/components/account-page";
import { Button } from "~/components/ui/button";
import { FormError, Honeypot, InputField } from "~/components/ui/field";
import { RESET_REQUESTED, requestPasswordReset } from "~/domain/accounts/auth-tokens.server";
import { assertNotBot, HONEYPOT_FIELD, readForm, replyWithError } from "~/utils/forms.server";
import { pageMeta } from "~/utils/page-meta";
import { clientKeyOf } from "~/utils/rate-limit.server";
import { useValidatedForm } from "~/utils/use-lazy-validation";
import { PasswordResetRequestSchema, parseWithZod } from "~/validation/forms.server";

export const meta: MetaFunction = () => pageMeta("Forgot password | Warm Intros");

export const loader = () => null;

/** The same answer whatever the address (decision 044): only a flood from one client is refused. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: PasswordResetRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: null }, { status: 400 });
  try {
    assertNotBot(formData.get(HONEYPOT_FIELD));
    await requestPasswordReset(context.db(), submission.value.email, clientKeyOf(request));
  } catch (error) {
    return replyWithError(submission, error, request, context);
  }
  return { result: submission.reply({ resetForm: true }), sent: RESET_REQUESTED };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  const submitting = useNavigation().state === "submitting";
  const { form, fields, formProps } = useValidatedForm("forgotPassword", {
    id: "forgot-password-form",
    lastResult: actionData?.result,
  });
  return (
    <AccountPage icon="key-round" title="Forgot password?" description="We'll email you a link to choose a new one.">
      <Form method="post" className="grid gap-4" {...getFormProps(form)} {...formProps}>
        {sent ? <AccountNotice>{sent}</AccountNotice> : null}
        <Honeypot />
        <FormError id={form.errorId} errors={form.errors} />
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" hint="The address of your account" />
        <Button type="submit" disabled={submitting} className="w-full">
          {submitting ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
    </AccountPage>
  );
}
