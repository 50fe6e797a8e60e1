import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BusinessProfileForm } from "~/components/business-profile-form";
import { RoleNote } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from "~/components/ui/card";
import { businessFormAction, businessFormValues, registrationPrefill } from "~/http/business-form.server";
import { requireWorkplace } from "~/http/workplace-screen.server";
import { pageMeta } from "~/utils/page-meta";

export const meta: MetaFunction = () => pageMeta("My Business Profile | Warm Intros");

/**
 * The business the user works for: its owner and team admins edit it, team members read it. Someone
 * without a business gets the same form empty, to register one (a business signup lands here).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, workplace } = await requireWorkplace(request, context);
  if (!workplace) {
    return { workplace: null, prefill: registrationPrefill(user) };
  }
  const { business, role, canManage } = workplace;
  return {
    workplace: { id: business.id, role, canManage, version: business.updatedAt.getTime(), values: businessFormValues(business) },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return businessFormAction(request, context);
}

type ActionData = { intent: string; result?: SubmissionResult<string[]> } | undefined;

const READ_ONLY_FIELDS: Array<[keyof ReturnType<typeof businessFormValues>, string]> = [
  ["companyName", "Company Name"],
  ["accountType", "Business Type"],
  ["uen", "UEN"],
  ["website", "Website"],
  ["sector", "Sector"],
  ["nature", "Nature of Business"],
  ["description", "Description"],
  ["address", "Address"],
  ["referralFee", "Referral Fee"],
  ["referralTerms", "Referral Terms"],
  ["contactPerson", "Contact Person"],
  ["contactPhone", "Contact Phone"],
  ["contactEmail", "Contact Email"],
  ["responseWindowDays", "Response Window (business days)"],
  ["holdDays", "Hold period (days)"],
];

function ReadOnlyProfile({ values }: { values: ReturnType<typeof businessFormValues> }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2">
      {READ_ONLY_FIELDS.map(([key, label]) => {
        const raw = values[key];
        const value = key === "accountType" ? (raw === "freelancer" ? "Freelancer / Sole proprietor" : "Company") : raw;
        return (
          <div key={key} className={key === "description" || key === "referralTerms" || key === "address" ? "sm:col-span-2" : ""}>
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd className="mt-0.5 whitespace-pre-line break-words">{value || "—"}</dd>
          </div>
        );
      })}
    </dl>
  );
}

export default function BusinessProfile() {
  const loaded = useLoaderData<typeof loader>();
  const { workplace } = loaded;
  const actionData = useActionData<typeof action>() as ActionData;

  if (!workplace) {
    return (
      <section>
        <PageHeader title="My Business Profile" description="Register your business to start receiving warm referrals." />
        <Card>
          <CardHeader>
            <CardTitle>Register Your Business</CardTitle>
            <CardDescription>
              You have not registered a business yet. Connectors see this profile when they refer people to you.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <BusinessProfileForm
              mode="register"
              defaultValue={"prefill" in loaded ? loaded.prefill : undefined}
              lastResult={actionData?.intent === "register" ? actionData.result : undefined}
            />
          </CardContent>
        </Card>
      </section>
    );
  }

  if (!workplace.canManage) {
    return (
      <section>
        <PageHeader title="My Business Profile" description="What connectors see about your business." />
        <RoleNote role={workplace.role} companyName={workplace.values.companyName} />
        <TitledCard title={workplace.values.companyName} description="Only the owner and team admins can edit this profile.">
          <ReadOnlyProfile values={workplace.values} />
        </TitledCard>
        <p className="mt-4 text-sm text-muted-foreground">
          Running a business of your own?{" "}
          <Link to="/business/register" className="font-medium text-foreground underline underline-offset-4">
            Register it
          </Link>
          .
        </p>
      </section>
    );
  }

  return (
    <section>
      <PageHeader
        title="My Business Profile"
        description="What connectors see about your business."
        actions={
          <Link to={`/refer/${workplace.id}`} className={buttonClass("outline", "sm")}>
            View Public Page
          </Link>
        }
      />
      <RoleNote role={workplace.role} companyName={workplace.values.companyName} />
      {workplace.values.feeKind === "" ? (
        <div
          role="status"
          data-testid="fee-unstated"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <p className="font-medium">Please state your referral fee</p>
          <p className="mt-1">
            {`Your referral fee "${workplace.values.referralFee}" is free text that the platform cannot read as an amount. Choose a percentage of the revenue or a flat amount below and save. Until you do, new referrals pay the cashback percentage the connector enters.`}
          </p>
        </div>
      ) : null}
      <Card>
        <CardContent className="pt-6">
          <BusinessProfileForm
            // A saved profile remounts the form with the stored values (e.g. the uppercased UEN).
            key={workplace.version}
            mode="update"
            defaultValue={workplace.values}
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
          />
        </CardContent>
      </Card>
    </section>
  );
}
