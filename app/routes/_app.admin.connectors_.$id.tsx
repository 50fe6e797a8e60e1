import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import {
  ACCOUNT_TYPE_LABELS,
  DetailItem,
  DetailReferralsAndActivity,
  SuspendedBadge,
  SuspensionForm,
} from "~/components/admin-console";
import { Icon } from "~/components/icon";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { adminConnector } from "~/models/admin.server";
import { ADMIN_PAGE_SIZE } from "~/utils/admin-console";
import { adminConsoleAction, adminDetail, detailId } from "~/utils/admin-console.server";
import { formatDate } from "~/utils/misc";
import { formatMoney } from "~/utils/money";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.connector.name ?? "Connector"} | Admin | Warm Intros` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  const { row: connector, ...rest } = await adminDetail(request, context, params.id, adminConnector, (c) => ({
    referrals: { connectorId: c.id },
    activity: { userId: c.userId },
  }));
  return json({ connector, ...rest });
}

/** Suspend or reinstate this connector's user (intent suspend|reinstate). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdminUser(request, context);
  return adminConsoleAction(admin, request, context, `/admin/connectors/${detailId(params.id)}`);
}

export default function ConnectorDetail() {
  const { connector: c, referrals, activity } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-6">
      <Link to="/admin/connectors" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <Icon name="arrow-left" className="h-4 w-4" />
        All connectors
      </Link>
      <PageHeader
        title={c.name}
        description={`@${c.username} · ${ACCOUNT_TYPE_LABELS[c.accountType] ?? c.accountType} account · joined ${formatDate(c.createdAt)}`}
        actions={<SuspensionForm userId={c.userId} suspended={c.suspended} />}
      />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center">
            Profile
            {c.suspended ? <SuspendedBadge /> : null}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <DetailItem label="Email" value={c.email ?? "—"} />
            <DetailItem label="Phone" value={c.phone ?? "—"} />
            <DetailItem
              label="Referrals"
              value={`${c.counts.total} (${c.counts.pending} pending, ${c.counts.approved} approved, ${c.counts.completed} completed, ${c.counts.rejected} rejected)`}
            />
            <DetailItem
              label="Completed revenue / fees"
              value={
                c.completed.length === 0
                  ? "0.00 / 0.00"
                  : c.completed
                      .map((t) => `${formatMoney(t.revenue, t.currency)} / ${formatMoney(t.fees, t.currency)}`)
                      .join("; ")
              }
            />
          </dl>
        </CardContent>
      </Card>
      <DetailReferralsAndActivity
        title="Referrals"
        empty="No referrals yet"
        referrals={referrals}
        pageSize={ADMIN_PAGE_SIZE}
        activity={activity.items}
      />
    </section>
  );
}
