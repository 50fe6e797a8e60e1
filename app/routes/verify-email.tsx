import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountNotice, AccountPage } from "~/components/account-page";
import { Button } from "~/components/ui/button";
import {
  EMAIL_VERIFIED,
  verificationLinkQuery,
  verificationLinkStateOf,
  verifyEmail,
} from "~/domain/accounts/auth-tokens.server";
import { linkTokenHash } from "~/utils/crypto.server";
import { AppError } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/page-meta";
import { getUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { INVALID_LINK } from "~/validation/messages";

export const meta: MetaFunction = () => pageMeta("Confirm your email | Warm Intros");

/**
 * Shows the button only: opening a link (or a mail scanner prefetching it) changes nothing. A link
 * already used says its address is confirmed; a signed-in visitor is offered the dashboard, not the login.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const hash = await linkTokenHash(token);
  const [link, user] = await Promise.all([hash ? verificationLinkQuery(context.db(), hash).get() : undefined, getUser(context)]);
  return { token, state: verificationLinkStateOf(link), signedIn: user !== null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const token = formData.get("token");
  try {
    await verifyEmail(context.db(), typeof token === "string" ? token : "");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
  const signedIn = (await getUser(context)) !== null;
  return redirectWithToast(signedIn ? "/settings" : "/login", request, context, {
    title: EMAIL_VERIFIED,
    description: "Thank you: your email address is confirmed.",
  });
}

export default function VerifyEmail() {
  const { token, state, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const error = actionData?.error ?? (state === "invalid" ? INVALID_LINK : null);
  const backTo = signedIn ? { to: "/", label: "Go to your dashboard" } : undefined;
  return (
    <AccountPage icon="mail" title="Confirm your email" description="One click and this address is confirmed." backTo={backTo}>
      {state === "confirmed" && !actionData ? (
        <div className="grid gap-4">
          <AccountNotice>This email address is already confirmed.</AccountNotice>
          <p className="text-sm text-muted-foreground">
            {signedIn ? "Nothing more to do here." : "Log in to carry on where you left off."}
          </p>
        </div>
      ) : error ? (
        <div className="grid gap-4">
          <AccountNotice tone="error">{error}</AccountNotice>
          <p className="text-sm text-muted-foreground">
            Signed in, you can ask for a new link under Settings. Each link works once and lapses in 3 days.
          </p>
        </div>
      ) : (
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="token" value={token} />
          <p className="text-sm">Confirm that this address is yours to finish setting up your Warm Intros account.</p>
          <Button type="submit" disabled={submitting} className="w-full">
            {submitting ? "Confirming..." : "Confirm my email"}
          </Button>
        </Form>
      )}
    </AccountPage>
  );
}
