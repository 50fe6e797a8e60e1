import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessProfileForm } from "~/components/business-profile-form";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent } from "~/components/ui/card";
import { getBusinessByUserId } from "~/domain/businesses/businesses.server";
import { businessFormAction, registrationPrefill } from "~/http/business-form.server";
import { pageMeta } from "~/utils/page-meta";
import { requireRegularUser } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta("Register Business | Warm Intros");

/** A user owns at most one business: an owner is sent to its profile. Team members may register their own. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRegularUser(request, context);
  if (await getBusinessByUserId(context.db(), user.id)) throw redirect("/business/profile");
  return { prefill: registrationPrefill(user) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return businessFormAction(request, context);
}

type ActionData = { intent: string; result?: SubmissionResult<string[]> } | undefined;

export default function RegisterBusiness() {
  const { prefill } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  return (
    <section>
      <PageHeader
        title="Register Your Business"
        description="Set up your business profile to receive warm referrals from trusted connectors."
      />
      <Card>
        <CardContent className="pt-6">
          <BusinessProfileForm
            mode="register"
            defaultValue={prefill}
            lastResult={actionData?.intent === "register" ? actionData.result : undefined}
          />
        </CardContent>
      </Card>
    </section>
  );
}
