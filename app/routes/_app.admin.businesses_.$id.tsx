import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { DetailItem, DetailReferralsAndActivity, SuspendedBadge, SuspensionForm } from "~/components/admin-console";
import { Icon } from "~/components/icon";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { adminBusiness } from "~/models/admin.server";
import { ADMIN_PAGE_SIZE } from "~/utils/admin-console";
import { adminConsoleAction, adminDetail, detailId } from "~/utils/admin-console.server";
import { formatDate } from "~/utils/misc";
import { formatMoney } from "~/utils/money";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.business.companyName ?? "Business"} | Admin | Warm Intros` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  const { row: business, ...rest } = await adminDetail(request, context, params.id, adminBusiness, (b) => ({
    referrals: { businessId: b.id },
    activity: { businessId: b.id },
  }));
  return json({ business, ...rest });
}

/** Suspend or reinstate the business owner's user (intent suspend|reinstate). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdminUser(request, context);
  return adminConsoleAction(admin, request, context, `/admin/businesses/${detailId(params.id)}`);
}

export default function BusinessDetail() {
  const { business: b, referrals, activity } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-6">
      <Link to="/admin/businesses" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <Icon name="arrow-left" className="h-4 w-4" />
        All businesses
      </Link>
      <PageHeader title={b.companyName} description={`UEN ${b.uen} · registered ${formatDate(b.createdAt)}`} />
      <Card>
        <CardHeader>
          <CardTitle>Business</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <DetailItem label="Sector" value={b.sector || "—"} />
            <DetailItem label="Team size" value={String(b.teamSize)} />
            <DetailItem
              label="Referrals received"
              value={`${b.counts.total} (${b.counts.pending} pending, ${b.counts.approved} approved, ${b.counts.completed} completed, ${b.counts.rejected} rejected)`}
            />
            <DetailItem
              label="Completed revenue"
              value={b.completed.length === 0 ? "0.00" : b.completed.map((t) => formatMoney(t.revenue, t.currency)).join("; ")}
            />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center">
            Owner
            {b.ownerSuspended ? <SuspendedBadge /> : null}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            <span className="font-medium">{b.ownerName}</span> <span className="text-muted-foreground">@{b.ownerUsername}</span>
          </p>
          <SuspensionForm userId={b.ownerId} suspended={b.ownerSuspended} />
        </CardContent>
      </Card>
      <DetailReferralsAndActivity
        title="Referrals received"
        empty="No referrals received yet"
        referrals={referrals}
        pageSize={ADMIN_PAGE_SIZE}
        activity={activity.items}
      />
    </section>
  );
}
