import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountNotice, AccountPage } from "~/components/account-page";
import { Button, buttonClass } from "~/components/ui/button";
import { FormError, InputField } from "~/components/ui/field";
import { resetPassword, resetTokenIsLive } from "~/domain/accounts/auth-tokens.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { pageMeta } from "~/utils/page-meta";
import { requesterOf } from "~/utils/requester.server";
import { destroyUserSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useValidatedForm } from "~/utils/use-lazy-validation";
import { parseWithZod, ResetPasswordFormSchema } from "~/validation/forms.server";
import { INVALID_LINK } from "~/validation/messages";

export const meta: MetaFunction = () => pageMeta("Choose a new password | Warm Intros");

const SECRET_FIELDS = ["password", "confirmPassword"];

/** Reads only: whether the link can still be used, so a spent one says so before anyone types. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const live = token !== "" && (await resetTokenIsLive(context.db(), token));
  return data({ token, live }, { status: live ? 200 : 400 });
}

/** Success ends every session of the user (this browser's too) and goes to the login screen. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ResetPasswordFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  try {
    await resetPassword(context.db(), submission.value.token, submission.value.password, requesterOf(request, context).pepper);
  } catch (error) {
    return replyWithError(submission, error, request, context, { hideFields: SECRET_FIELDS });
  }
  return redirectWithToast(
    "/login",
    request,
    context,
    { title: "Password updated", description: "Log in with your new password." },
    { headers: { "Set-Cookie": await destroyUserSession(request, context) } },
  );
}

export default function ResetPassword() {
  const { token, live } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const { form, fields, formProps } = useValidatedForm("resetPassword", {
    id: "reset-password-form",
    lastResult: actionData?.result,
    defaultValue: { token },
  });
  const tokenError = fields.token.errors?.[0];
  if (!live || tokenError) {
    return (
      <AccountPage icon="key-round" title="Choose a new password">
        <div className="grid gap-4">
          <AccountNotice tone="error">{tokenError ?? INVALID_LINK}</AccountNotice>
          <p className="text-sm text-muted-foreground">Reset links work once and lapse after 1 hour.</p>
          <Link to="/forgot-password" className={buttonClass("default")}>
            Send a new link
          </Link>
        </div>
      </AccountPage>
    );
  }
  return (
    <AccountPage icon="key-round" title="Choose a new password" description="You will be signed out everywhere.">
      <Form method="post" className="grid gap-4" {...getFormProps(form)} {...formProps}>
        <input type="hidden" name={fields.token.name} value={token} />
        <FormError id={form.errorId} errors={form.errors} />
        <InputField label="New Password" meta={fields.password} type="password" autoComplete="new-password" />
        <InputField label="Confirm New Password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
        <Button type="submit" disabled={submitting} className="w-full">
          {submitting ? "Saving..." : "Set new password"}
        </Button>
      </Form>
    </AccountPage>
  );
}
