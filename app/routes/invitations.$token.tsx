import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { AuthActionData } from "~/components/auth-screen";
import { LoginForm } from "~/components/auth-screen";
import { Icon } from "~/components/icon";
import { InvitationSignupForm } from "~/components/invitation-signup-form";
import { FactTile, MailedLinkError, PageSection, PageTitleCard } from "~/components/standalone-page-sections";
import { StandalonePageShell } from "~/components/standalone-page-shell";
import { TwoFactorStep } from "~/components/two-factor-step";
import { Button, buttonClass } from "~/components/ui/button";
import { authenticate } from "~/domain/accounts/users.server";
import { acceptInvitation, acceptRefusal, findInvitation, VERIFY_BEFORE_ACCEPTING } from "~/domain/teams/invitations.server";
import { signupFromInvitation } from "~/http/invitation-signup.server";
import { afterPasswordStep, type TwoFactorStepData } from "~/http/two-factor-form.server";
import { credentialLinkMeta } from "~/utils/credential-link";
import { formatDate } from "~/utils/dates";
import { rememberDevice } from "~/utils/device-cookie.server";
import { AppError } from "~/utils/errors.server";
import { assertNotBot, HONEYPOT_FIELD, readForm, redirectIntoSession, replyWithError } from "~/utils/forms.server";
import { requesterOf } from "~/utils/requester.server";
import { getUser, requireUser } from "~/utils/session.server";
import { useTimeZone } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";
import { InvitationSignupSchema, LoginSchema, parseWithZod } from "~/validation/forms.server";
import { INVITATION_INVALID, TWO_FACTOR_INTENT } from "~/validation/messages";

export const meta: MetaFunction = () => credentialLinkMeta("Team invitation | Warm Intros");

/** A bad, used, revoked or lapsed link: one answer, so a guess learns nothing about which. */
const invalid = () => new Response(INVITATION_INVALID, { status: 404 });

/**
 * /invitations/{token}: the emailed link (decisions 045, 177). Anyone holding it sees the business,
 * the role and who invited. Logged out, it signs up (the invited address fixed and verified by the
 * link) or logs in, and either lands on the seat; signed in, one button accepts. Outside the sidebar
 * shell, like /refer, since most people arrive from their mail before they have an account.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const db = context.db();
  const [user, invitation] = await Promise.all([getUser(context), findInvitation(db, params.token ?? "")]);
  if (!invitation) throw invalid();
  const url = new URL(request.url);
  const here = url.pathname;
  const back = encodeURIComponent(here);
  const refusal = user ? await acceptRefusal(db, user, invitation) : null;
  return {
    invitation: {
      businessName: invitation.businessName,
      role: invitation.role,
      name: invitation.name,
      email: invitation.email,
      inviterName: invitation.inviterName,
      expiresAt: invitation.expiresAt,
    },
    viewer: user ? { name: user.name, email: user.email } : null,
    refusal: refusal ? { message: refusal.message, unverified: refusal.message === VERIFY_BEFORE_ACCEPTING } : null,
    here,
    tab: url.searchParams.get("tab") === "login" ? ("login" as const) : ("signup" as const),
    // The second step of a login with two-factor on runs on /login and comes back here (decision 177).
    loginPath: `/login?redirectTo=${back}`,
  };
}

const SEAT = "/business/referrals";
const joined = (businessName: string, role: "admin" | "member") =>
  `You joined ${businessName} as ${role === "admin" ? "an admin" : "a member"}.`;

/** Sign up from the link: the account with the invited address, verified, on the seat (one batch). */
async function signupAction(request: Request, context: ActionFunctionArgs["context"], formData: FormData, token: string) {
  const submission = parseWithZod(formData, { schema: InvitationSignupSchema });
  if (submission.status !== "success") {
    return data({ intent: "signup", result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    assertNotBot(formData.get(HONEYPOT_FIELD));
    const { user, seated, businessName, role } = await signupFromInvitation(
      context.db(),
      token,
      submission.value,
      requesterOf(request, context),
    );
    // Raced by someone else with the same link: the account stands; the page then says the link is used.
    if (!seated)
      return redirectIntoSession(request, context, user.id, new URL(request.url).pathname, { title: "Account created" });
    return redirectIntoSession(request, context, user.id, SEAT, {
      title: "Account created",
      description: joined(businessName, role),
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw invalid();
    return replyWithError(submission, error, request, context, {
      toastTitle: "Signup failed",
      hideFields: ["password"],
      intent: "signup",
    });
  }
}

/**
 * Log in from the link and accept in the same step. A refusal (another unverified address, the
 * owner, already on the team) still signs in, and the page then says why; with two-factor on, the
 * code step comes first and the page's button accepts afterwards.
 */
async function loginAction(request: Request, context: ActionFunctionArgs["context"], formData: FormData, token: string) {
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ intent: "login", result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const here = new URL(request.url).pathname;
  try {
    const user = await authenticate(context.db(), submission.value, requesterOf(request, context));
    if (user.twoFactorEnabledAt) {
      return rememberDevice(
        await afterPasswordStep(request, context, user, here, { title: "Login successful" }),
        request,
        context,
        user.id,
      );
    }
    let answer: Response;
    try {
      const { businessName, member } = await acceptInvitation(context.db(), user, token);
      answer = await redirectIntoSession(request, context, user.id, SEAT, {
        title: "Invitation accepted",
        description: joined(businessName, member.role),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answer = await redirectIntoSession(request, context, user.id, here, { title: "Login successful" });
    }
    return rememberDevice(answer, request, context, user.id);
  } catch (error) {
    return replyWithError(submission, error, request, context, {
      toastTitle: "Login failed",
      hideFields: ["password"],
      intent: "login",
    });
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "signup") return signupAction(request, context, formData, token);
  if (intent === "login") return loginAction(request, context, formData, token);
  const user = await requireUser(request, context);
  try {
    const { member, businessName } = await acceptInvitation(context.db(), user, token);
    return redirectWithToast(SEAT, request, context, {
      title: "Invitation accepted",
      description: joined(businessName, member.role),
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw invalid();
    return data({ error: error.message }, { status: error.status });
  }
}

type ActionAnswer = TwoFactorStepData | NonNullable<AuthActionData> | { error: string };

export default function InvitationPage() {
  const tz = useTimeZone();
  const { invitation: inv, viewer, refusal, here, tab, loginPath } = useLoaderData<typeof loader>();
  // The action's answers: a form's errors (signup, login), the code step, or why accepting failed.
  const actionData = useActionData<typeof action>() as ActionAnswer | undefined;
  const step =
    actionData && "intent" in actionData && actionData.intent === TWO_FACTOR_INTENT ? (actionData as TwoFactorStepData) : null;
  const formAnswer = actionData && "result" in actionData ? (actionData as NonNullable<AuthActionData>) : undefined;
  const acceptError = actionData && "error" in actionData ? actionData.error : undefined;
  // After a failed signup or login its form stays open, whatever the URL's tab.
  const openTab = formAnswer?.intent === "login" || formAnswer?.intent === "signup" ? formAnswer.intent : tab;
  const navigation = useNavigation();
  const accepting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const roleText = inv.role === "admin" ? "an admin" : "a member";
  return (
    <StandalonePageShell>
      <PageTitleCard
        id="invitation-heading"
        icon="user-round-plus"
        title={`Join ${inv.businessName}`}
        subtitle={
          <p className="text-sm text-muted-foreground">
            {inv.inviterName ?? "A team admin"} invited you to join {inv.businessName} on Warm Intros as {roleText}.
          </p>
        }
      >
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <FactTile label="Business" valueClassName="break-words font-medium">
            {inv.businessName}
          </FactTile>
          <FactTile label="Role" valueClassName="font-medium">
            {inv.role === "admin" ? "Admin" : "Member"}
          </FactTile>
          <FactTile label="Invited by" valueClassName="break-words font-medium">
            {inv.inviterName ?? "A team admin"}
          </FactTile>
          <FactTile label="Expires" valueClassName="font-medium">
            {formatDate(inv.expiresAt, tz)}
          </FactTile>
        </dl>
        <p className="mt-4 text-sm text-muted-foreground">
          {inv.role === "admin"
            ? "Admins review and update referrals, and manage the team and the business profile."
            : "Members review incoming referrals and update their progress."}
        </p>
      </PageTitleCard>

      {viewer === null && step ? (
        <PageSection id="next-heading" heading="Two-factor authentication">
          <div className="mt-3">
            <TwoFactorStep {...step} action={loginPath} loginPath={`${here}?tab=login`} />
          </div>
        </PageSection>
      ) : viewer === null ? (
        <PageSection id="next-heading" heading="Sign up or log in to accept">
          <p className="mt-1 text-sm text-muted-foreground">
            Either way you join {inv.businessName} at once. This link proves the invited email address, so no confirmation mail is
            needed.
          </p>
          <div role="tablist" aria-label="Sign up or log in" className="mt-4 flex gap-1 rounded-lg bg-muted p-1">
            {(
              [
                { id: "signup", label: "Sign up" },
                { id: "login", label: "Log in" },
              ] as const
            ).map((t) => (
              <Link
                key={t.id}
                role="tab"
                aria-selected={openTab === t.id}
                to={t.id === "login" ? "?tab=login" : "?"}
                replace
                preventScrollReset
                className={
                  openTab === t.id
                    ? "flex-1 rounded-md bg-background px-3 py-1.5 text-center text-sm font-medium shadow-sm"
                    : "flex-1 rounded-md px-3 py-1.5 text-center text-sm font-medium text-muted-foreground hover:text-foreground"
                }
              >
                {t.label}
              </Link>
            ))}
          </div>
          {openTab === "login" ? (
            <div className="mt-4">
              <LoginForm
                action={`${here}?tab=login`}
                lastResult={formAnswer?.intent === "login" ? formAnswer.result : undefined}
                buttonLabel="Log in and accept"
              />
            </div>
          ) : (
            <InvitationSignupForm
              action={here}
              invitedName={inv.name}
              invitedEmail={inv.email}
              lastResult={formAnswer?.intent === "signup" ? formAnswer.result : undefined}
            />
          )}
        </PageSection>
      ) : refusal ? (
        <PageSection
          id="refusal-heading"
          heading={refusal.unverified ? "Verify your email address first" : "You cannot accept this invitation"}
        >
          <p className="mt-1 text-sm text-muted-foreground">
            {refusal.unverified
              ? `You are signed in as ${viewer.name}${viewer.email ? ` (${viewer.email})` : ""}, whose email address is not verified yet. Open the verification link we emailed you (you can send a new one from Settings), then come back to this page to accept.`
              : refusal.message}
          </p>
          <Link to={refusal.unverified ? "/settings" : "/"} className={`${buttonClass("outline")} mt-4`}>
            {refusal.unverified ? "Go to Settings" : "Go to Dashboard"}
          </Link>
        </PageSection>
      ) : (
        <PageSection id="accept-heading" heading={`Accept as ${viewer.name}`}>
          <p className="mt-1 text-sm text-muted-foreground">
            You are signed in{viewer.email ? ` as ${viewer.email}` : ""}. Accepting adds this account to {inv.businessName}
            &apos;s team; the link then stops working.
          </p>
          {acceptError ? (
            <p role="alert" className="mt-3 text-sm text-destructive">
              {acceptError}
            </p>
          ) : null}
          <Form method="post" className="mt-4">
            <Button type="submit" disabled={accepting}>
              <Icon name="check" className="h-4 w-4" />
              {accepting ? "Accepting..." : "Accept invitation"}
            </Button>
          </Form>
        </PageSection>
      )}
    </StandalonePageShell>
  );
}

export function ErrorBoundary() {
  return (
    <MailedLinkError
      invalid={INVITATION_INVALID}
      whyInvalid="The link may have been used already, replaced by a newer invitation, or revoked. Ask the business to send you a new invitation."
    />
  );
}
