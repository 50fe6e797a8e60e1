import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountPage } from "~/components/account-page";
import { AuthScreen } from "~/components/auth-screen";
import { TwoFactorStep } from "~/components/two-factor-step";
import { signup } from "~/domain/accounts/users.server";
import { passwordStepAction, type TwoFactorStepData, twoFactorStepAction } from "~/http/two-factor-form.server";
import { assertNotBot, HONEYPOT_FIELD, readForm, redirectIntoSession, replyWithError } from "~/utils/forms.server";
import { pageMeta } from "~/utils/page-meta";
import { requesterOf } from "~/utils/requester.server";
import { getUser } from "~/utils/session.server";
import { safeRedirect } from "~/utils/toast.server";
import { parseWithZod, SignupSchema } from "~/validation/forms.server";
import { TWO_FACTOR_INTENT } from "~/validation/messages";

export const meta: MetaFunction = () =>
  pageMeta(
    "Log in or sign up | Warm Intros",
    "Log in to Warm Intros, or sign up as an individual or a company to refer customers and earn cashback.",
  );

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  if (await getUser(context)) throw redirect(safeRedirect(redirectTo, request));
  return { tab: url.searchParams.get("tab") === "signup" ? ("signup" as const) : ("login" as const), redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), request, "/");
  // The second step of a sign-in with two-factor on (decision 050); redirectTo rides in the URL.
  if (formData.get("intent") === TWO_FACTOR_INTENT) return twoFactorStepAction(request, context, formData, { to: redirectTo });
  const intent = formData.get("intent") === "signup" ? "signup" : "login";
  const db = context.db();

  if (intent === "signup") {
    const submission = parseWithZod(formData, { schema: SignupSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    try {
      assertNotBot(formData.get(HONEYPOT_FIELD));
      const user = await signup(db, submission.value, requesterOf(request, context));
      // A business signup continues at its business profile (SPEC "Top-level behaviour").
      const to = user.accountType === "business" ? "/business/profile" : redirectTo;
      return redirectIntoSession(request, context, user.id, to, { title: "Account created" });
    } catch (error) {
      return replyWithError(submission, error, request, context, {
        toastTitle: "Signup failed",
        hideFields: ["password"],
        intent,
      });
    }
  }

  return passwordStepAction(request, context, formData, { to: redirectTo });
}

export default function LoginRoute() {
  const { tab, redirectTo } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  if (data && data.intent === TWO_FACTOR_INTENT) {
    const step = data as TwoFactorStepData;
    const query = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
    return (
      <AccountPage icon="shield-check" title="Two-factor authentication" description="One more step to log in.">
        <TwoFactorStep {...step} action={`/login${query}`} loginPath={`/login${query}`} />
      </AccountPage>
    );
  }
  const actionData = data as Exclude<typeof data, TwoFactorStepData>;
  // After a failed signup the Sign Up tab stays open even though the URL has no tab.
  const activeTab = actionData?.intent === "signup" ? "signup" : tab;
  return <AuthScreen tab={activeTab} redirectTo={redirectTo} actionData={actionData} />;
}
