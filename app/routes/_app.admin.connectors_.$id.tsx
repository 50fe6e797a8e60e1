import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import {
  ACCOUNT_TYPE_LABELS,
  DetailItem,
  DetailReferralsAndActivity,
  money,
  SuspendedBadge,
  SuspensionForm,
} from "~/components/admin-console";
import { parseId } from "~/components/connector-view";
import { Icon } from "~/components/icon";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { listActivity } from "~/models/activity-queries.server";
import { adminConnector } from "~/models/admin.server";
import { ADMIN_PAGE_SIZE } from "~/models/admin-console";
import { adminConsoleAction, referralPage } from "~/models/admin-console.server";
import { formatDate } from "~/utils/misc";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.connector.name ?? "Connector"} | Admin | Warm Intros` },
];

const ACTIVITY_ROWS = 20;

/** The id in the URL; anything else is simply not found. */
function connectorId(param: string | undefined) {
  const id = parseId(param);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  const db = context.db();
  const connector = await adminConnector(db, connectorId(params.id));
  if (!connector) throw new Response("Not Found", { status: 404 });
  const [referrals, activity] = await Promise.all([
    referralPage(db, { connectorId: connector.id }, new URL(request.url)),
    listActivity(db, { userId: connector.userId }, { limit: ACTIVITY_ROWS, offset: 0 }),
  ]);
  return json({ connector, referrals, activity });
}

/** Suspend or reinstate this connector's user (intent suspend|reinstate). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdminUser(request, context);
  return adminConsoleAction(admin, request, context, `/admin/connectors/${connectorId(params.id)}`);
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
                  : c.completed.map((t) => `${money(t.revenue, t.currency)} / ${money(t.fees, t.currency)}`).join("; ")
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
