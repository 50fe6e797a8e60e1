import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { type AuthActionData, LoginForm } from "~/components/auth-screen";
import { Icon } from "~/components/icon";
import { ThemeToggle } from "~/components/theme-toggle";
import { TwoFactorStep } from "~/components/two-factor-step";
import { passwordStepAction, type TwoFactorStepData, twoFactorStepAction } from "~/http/two-factor-form.server";
import { notFoundResponse } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/page-meta";
import { getUser } from "~/utils/session.server";
import { safeRedirect } from "~/utils/toast.server";
import { TWO_FACTOR_INTENT } from "~/validation/messages";

export const meta: MetaFunction = () => pageMeta("Platform Administration | Warm Intros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(context);
  if (user?.isAdmin) throw redirect("/admin");
  // A logged-in non-admin has no admin login: /admin/* is not found for them.
  if (user) throw notFoundResponse();
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return { redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const requested = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), request, "/admin");
  const to = requested.startsWith("/admin") ? requested : "/admin";
  // The second step of a sign-in with two-factor on (decision 050).
  if (formData.get("intent") === TWO_FACTOR_INTENT)
    return twoFactorStepAction(request, context, formData, { to, adminOnly: true });
  return passwordStepAction(request, context, formData, { to, adminOnly: true });
}

export default function AdminLogin() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const formAction = `/admin/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;
  const step = data?.intent === TWO_FACTOR_INTENT ? (data as TwoFactorStepData) : null;
  const actionData = step ? undefined : (data as AuthActionData);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted/40 p-6">
      <div className="w-full max-w-sm rounded-lg border bg-card p-6 shadow-sm">
        <div className="mb-6 flex items-start justify-between gap-2">
          <div className="flex items-center gap-3">
            <Icon name="shield-check" className="h-8 w-8 text-primary" />
            <div>
              <h1 className="text-xl font-bold">Platform Administration</h1>
              <p className="text-sm text-muted-foreground">Warm Intros admin console</p>
            </div>
          </div>
          <ThemeToggle />
        </div>
        {step ? (
          <TwoFactorStep {...step} action={formAction} loginPath={formAction} showHeading />
        ) : (
          <LoginForm action={formAction} lastResult={actionData?.result} buttonLabel="Login to Admin Panel" />
        )}
      </div>
    </main>
  );
}
