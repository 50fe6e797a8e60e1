import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { CREATE_PROFILE_INTENT, referAuthLinks } from "~/components/connector-view";
import { PersonalLink } from "~/components/personal-link";
import { CreateProfileForm, ReferralForm } from "~/components/referral-form";
import { BusinessReputationLine } from "~/components/reputation";
import { SELF_INTRODUCTION_INTENT, SelfIntroductionForm } from "~/components/self-introduction-form";
import { FactTile, PageErrorCard, PageSection, PageTitleCard, SignInChoice } from "~/components/standalone-page-sections";
import { StandalonePageShell } from "~/components/standalone-page-shell";
import { buttonClass } from "~/components/ui/button";
import { WebsiteLink } from "~/components/website-link";
import { getBusinessForViewer } from "~/domain/businesses/listing.server";
import { businessRoleOf } from "~/domain/parties/access.server";
import { getConnectorOf } from "~/domain/parties/connectors.server";
import { findPersonalLink } from "~/domain/referrals/personal-links.server";
import { createProfileAndReturn, submitReferralForm } from "~/http/referral-form.server";
import { submitSelfIntroduction } from "~/http/self-introduction-form.server";
import { NotFoundPage } from "~/root";
import type { Database } from "~/utils/db.server";
import { AppError, notFoundResponse } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";
import { positiveIdOrNull } from "~/utils/misc";
import { personalLinkPath } from "~/utils/personal-link-path";
import { clientKeyOf } from "~/utils/rate-limit.server";
import { getUser, requireRegularUser } from "~/utils/session.server";

/** The connector's code of a personal link, /refer/{id}?via={code} (decision 179). */
const viaOf = (request: Request) => new URL(request.url).searchParams.get("via") ?? "";

const BUSINESS_NOT_FOUND = "Business Not Found";

/** What a shared link shows, to anyone: never the contact details. */
async function publicBusiness(request: Request, db: Database, param?: string) {
  const id = positiveIdOrNull(param);
  if (id === null) throw new Response(BUSINESS_NOT_FOUND, { status: 404 });
  // Anonymous view on purpose: this page never carries contact details, whoever opens it.
  const b = await getBusinessForViewer(db, null, id).catch((error) => {
    if (error instanceof AppError && error.status === 404) throw new Response(BUSINESS_NOT_FOUND, { status: 404 });
    throw error;
  });
  const url = new URL(request.url);
  return {
    business: {
      id: b.id,
      companyName: b.companyName,
      description: b.description,
      sector: b.sector,
      nature: b.nature,
      website: b.website,
      referralFee: b.referralFee,
      referralTerms: b.referralTerms,
      percent: b.feePercentage,
      flat: b.feeKind === "flat",
      reputation: b.reputation,
    },
    url: `${url.origin}${url.pathname}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `${BUSINESS_NOT_FOUND} | Warm Intros` }, { name: "robots", content: "noindex" }];
  const b = data.business;
  const title = `Refer someone to ${b.companyName} | Warm Intros`;
  const description = `Know someone who needs ${b.companyName}? Refer them on Warm Intros and earn a ${b.referralFee} commission.`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: data.url },
    { property: "og:site_name", content: "Warm Intros" },
    { name: "twitter:card", content: "summary" },
  ];
};

/**
 * The public page of one business, opened mostly from a shared link on a phone: small, server
 * rendered, outside the sidebar shell for everyone (one layout whether logged in or not).
 */
/**
 * For visitors the page is a landing page of links only: it ships no JavaScript at all (about 150 KB
 * less on the link people open from a chat on their phone). Signed-in people get the hydrated form.
 */
export const handle = {
  hydrate: (data: { viewer?: unknown } | undefined) => Boolean(data?.viewer),
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await getUser(context);
  // Admins see only their console (SPEC "Admin routes").
  if (user?.isAdmin) throw notFoundResponse();
  const db = context.db();
  const page = await publicBusiness(request, db, params.businessId);
  if (!user) {
    // A connector's personal link: the visitor may introduce themselves (issue 37, decision 180). An
    // unknown code shows the plain link's invitation.
    const via = viaOf(request);
    const link = via ? await findPersonalLink(db, { code: via, client: clientKeyOf(request) }, page.business.id) : null;
    return { ...page, viewer: null, invitation: link ? { connectorName: link.connectorName, code: via } : null };
  }
  const [connector, role] = await Promise.all([getConnectorOf(db, user), businessRoleOf(db, user, page.business.id)]);
  // Their own link to share, where they may refer (decision 179).
  const personalLink =
    connector?.linkCode && role === null
      ? `${new URL(request.url).origin}${personalLinkPath(page.business.id, connector.linkCode)}`
      : null;
  return {
    ...page,
    viewer: { name: user.name, hasProfile: Boolean(connector), worksHere: role !== null, personalLink },
    invitation: null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = positiveIdOrNull(params.businessId);
  if (id === null) throw new Response(BUSINESS_NOT_FOUND, { status: 404 });
  const formData = await readForm(request);
  // A visitor introducing themselves through a personal link needs no account (decision 180).
  if (formData.get("intent") === SELF_INTRODUCTION_INTENT && !(await getUser(context))) {
    formData.set("businessId", String(id));
    return submitSelfIntroduction(formData, request, context);
  }
  const user = await requireRegularUser(request, context);
  if (formData.get("intent") === CREATE_PROFILE_INTENT) return createProfileAndReturn(context, user, `/refer/${id}`);
  // The business is the page's, whatever the form says.
  formData.set("businessId", String(id));
  return submitReferralForm(formData, request, context, user);
}

function Shell({ children, loggedIn }: { children: React.ReactNode; loggedIn: boolean }) {
  const back = loggedIn ? (
    <Link to="/" className="text-sm font-medium text-primary hover:underline">
      Dashboard
    </Link>
  ) : null;
  return <StandalonePageShell headerEnd={back}>{children}</StandalonePageShell>;
}

export default function ReferPage() {
  const { business: b, viewer, invitation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const links = referAuthLinks(b.id);
  const introduced = actionData && "introduced" in actionData ? actionData.introduced : null;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <Shell loggedIn={viewer !== null}>
      <PageTitleCard
        id="business-name"
        icon="building-2"
        title={b.companyName}
        subtitle={
          b.sector || b.nature ? (
            <p className="text-sm text-muted-foreground">{[b.sector, b.nature].filter(Boolean).join(" · ")}</p>
          ) : null
        }
      >
        {b.description ? <p className="mt-4 text-sm">{b.description}</p> : null}
        <BusinessReputationLine reputation={b.reputation} className="mt-3 text-sm" />
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <div className="rounded-md bg-accent p-3 text-accent-foreground">
            <dt className="text-xs font-medium uppercase tracking-wide">Commission</dt>
            <dd className="text-xl font-bold">{b.referralFee}</dd>
          </div>
          <FactTile label="Website" className="min-w-0" valueClassName="text-sm">
            {b.website ? (
              <WebsiteLink href={b.website} className="inline-flex max-w-full items-center gap-1.5 text-primary hover:underline">
                <span className="truncate">{b.website.replace(/^https?:\/\//, "")}</span>
              </WebsiteLink>
            ) : (
              <span className="text-muted-foreground">Not specified</span>
            )}
          </FactTile>
        </dl>
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium">Referral terms</summary>
          <p className="mt-2 whitespace-pre-line text-muted-foreground">{b.referralTerms}</p>
        </details>
      </PageTitleCard>

      {introduced ? (
        <PageSection id="inbox-heading" heading="Check your inbox">
          <p className="mt-1 text-sm text-muted-foreground" data-testid="self-introduction-sent">
            We sent a link to {introduced.emailToConfirm}. Follow it to confirm your email address: that is your consent to the
            introduction, and only then does {introduced.businessName} see your email and phone. {introduced.connectorName} is
            credited with the introduction.
          </p>
        </PageSection>
      ) : viewer === null && invitation ? (
        <PageSection id="invite-heading" heading={`${invitation.connectorName} invites you to meet ${b.companyName}`}>
          <p className="mt-1 text-sm text-muted-foreground">
            Introduce yourself: we email you a link to confirm your address, and {b.companyName} sees your email and phone, and
            gets in touch, only once you confirm.
          </p>
          <SelfIntroductionForm
            action={personalLinkPath(b.id, invitation.code)}
            code={invitation.code}
            lastResult={
              actionData && "intent" in actionData && actionData.intent === SELF_INTRODUCTION_INTENT ? lastResult : undefined
            }
          />
        </PageSection>
      ) : viewer === null ? (
        <PageSection id="invite-heading" heading={`Know someone who needs ${b.companyName}?`}>
          <p className="mt-1 text-sm text-muted-foreground">
            You&apos;ve been invited to refer them. Log in or sign up for free to make the introduction and earn a {b.referralFee}{" "}
            commission when it succeeds.
          </p>
          <SignInChoice links={links} labels={{ login: "Log In", signup: "Sign Up" }} />
        </PageSection>
      ) : viewer.worksHere ? (
        <PageSection heading="This is your business" className="text-sm">
          <p className="mt-1 text-muted-foreground">
            You cannot refer people to a business you work for. Share this page with your connectors instead.
          </p>
          <Link to="/business/share" className={`${buttonClass("outline")} mt-4`}>
            Share Referral Link
          </Link>
        </PageSection>
      ) : !viewer.hasProfile ? (
        <PageSection heading="Profile Setup Required">
          <p className="mb-4 mt-1 text-sm text-muted-foreground">
            You need a connector profile before you can make referrals. It takes your account&apos;s name, email and phone.
          </p>
          <CreateProfileForm label="Create Connector Profile" action={`/refer/${b.id}`} />
        </PageSection>
      ) : (
        <PageSection id="form-heading" heading={`Refer someone to ${b.companyName}`}>
          <p className="mb-4 mt-1 text-sm text-muted-foreground">
            We email them to confirm the introduction first: {b.companyName} sees their email and phone, and gets in touch, only
            once they accept. You earn cashback when the referral completes.
          </p>
          <ReferralForm
            lastResult={lastResult}
            fixedBusiness={{
              id: b.id,
              companyName: b.companyName,
              referralFee: b.referralFee,
              sector: b.sector,
              nature: b.nature,
              percent: b.percent,
              flat: b.flat,
            }}
          />
        </PageSection>
      )}
      {viewer?.personalLink ? (
        <PageSection id="personal-link-heading" heading="Or let them introduce themselves">
          <div className="mt-3">
            <PersonalLink url={viewer.personalLink} businessName={b.companyName} />
          </div>
        </PageSection>
      ) : null}
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && error.data === BUSINESS_NOT_FOUND) {
    return (
      <Shell loggedIn={false}>
        <PageErrorCard
          title={BUSINESS_NOT_FOUND}
          message="This referral link is not valid any more, or the business has left."
          action={{ to: "/businesses", label: "Browse All Businesses" }}
        />
      </Shell>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">Please try again in a moment.</p>
    </main>
  );
}
