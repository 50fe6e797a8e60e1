import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { FactTile, MailedLinkError, PageSection, PageTitleCard, SignInChoice } from "~/components/standalone-page-sections";
import { StandalonePageShell } from "~/components/standalone-page-shell";
import { Button, buttonClass } from "~/components/ui/button";
import { acceptInvitation, acceptRefusal, findInvitation, VERIFY_BEFORE_ACCEPTING } from "~/domain/teams/invitations.server";
import { credentialLinkMeta } from "~/utils/credential-link";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors.server";
import { getUser, requireUser } from "~/utils/session.server";
import { useTimeZone } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";
import { INVITATION_INVALID } from "~/validation/messages";

export const meta: MetaFunction = () => credentialLinkMeta("Team invitation | Warm Intros");

/** A bad, used, revoked or lapsed link: one answer, so a guess learns nothing about which. */
const invalid = () => new Response(INVITATION_INVALID, { status: 404 });

/**
 * /invitations/{token}: the emailed link (decision 045). Anyone holding it sees the business, the
 * role and who invited; a signed-in user with a verified address accepts it. Outside the sidebar
 * shell, like /refer, since most people arrive from their mail before they have an account.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const db = context.db();
  const [user, invitation] = await Promise.all([getUser(context), findInvitation(db, params.token ?? "")]);
  if (!invitation) throw invalid();
  const here = new URL(request.url).pathname;
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
    links: { login: `/login?redirectTo=${back}`, signup: `/login?tab=signup&redirectTo=${back}` },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  try {
    const { member, businessName } = await acceptInvitation(context.db(), user, params.token ?? "");
    return redirectWithToast("/business/referrals", request, context, {
      title: "Invitation accepted",
      description: `You joined ${businessName} as ${member.role === "admin" ? "an admin" : "a member"}.`,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw invalid();
    return data({ error: error.message }, { status: error.status });
  }
}

export default function InvitationPage() {
  const tz = useTimeZone();
  const { invitation: inv, viewer, refusal, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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

      {viewer === null ? (
        <PageSection id="next-heading" heading="Log in or sign up to accept">
          <p className="mt-1 text-sm text-muted-foreground">
            You will come back to this page afterwards. Accepting needs an account whose email address is verified.
          </p>
          <SignInChoice links={links} labels={{ login: "Log in", signup: "Sign up" }} />
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
          {actionData?.error ? (
            <p role="alert" className="mt-3 text-sm text-destructive">
              {actionData.error}
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
