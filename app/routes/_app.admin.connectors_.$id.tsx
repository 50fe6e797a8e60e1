import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import {
  AdminDetailPage,
  countsSummary,
  DetailCard,
  DetailFacts,
  DetailItem,
  SuspensionForm,
} from "~/components/admin-detail-page";
import { ACCOUNT_TYPE_LABELS } from "~/components/admin-tables";
import { adminConnector } from "~/domain/admin/admin.server";
import { adminConsoleAction, adminDetail, detailId } from "~/http/admin-console.server";
import { formatDate } from "~/utils/misc";
import { formatMoney } from "~/utils/money";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.connector.name ?? "Connector"} | Admin | Warm Intros` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdminUser(request, context);
  const { row: connector, ...rest } = await adminDetail(admin, request, context, params.id, adminConnector, (c) => ({
    referrals: { connectorId: c.id },
    activity: { userId: c.userId },
  }));
  return { connector, ...rest };
}

/** Suspend or reinstate this connector's user (intent suspend|reinstate). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdminUser(request, context);
  return adminConsoleAction(admin, request, context, `/admin/connectors/${detailId(params.id)}`);
}

export default function ConnectorDetail() {
  const { connector: c, referrals, activity } = useLoaderData<typeof loader>();
  return (
    <AdminDetailPage
      back={{ to: "/admin/connectors", label: "All connectors" }}
      header={{
        title: c.name,
        description: `@${c.username} · ${ACCOUNT_TYPE_LABELS[c.accountType] ?? c.accountType} account · joined ${formatDate(c.createdAt)}`,
        actions: <SuspensionForm userId={c.userId} suspended={c.suspended} />,
      }}
      referralsTitle="Referrals"
      referralsEmpty="No referrals yet"
      referrals={referrals}
      activity={activity.items}
    >
      <DetailCard title="Profile" suspended={c.suspended}>
        <DetailFacts>
          <DetailItem label="Email" value={c.email ?? "—"} />
          <DetailItem label="Phone" value={c.phone ?? "—"} />
          <DetailItem label="Referrals" value={countsSummary(c.counts)} />
          <DetailItem
            label="Completed revenue / fees"
            value={
              c.completed.length === 0
                ? "0.00 / 0.00"
                : c.completed.map((t) => `${formatMoney(t.revenue, t.currency)} / ${formatMoney(t.fees, t.currency)}`).join("; ")
            }
          />
        </DetailFacts>
      </DetailCard>
    </AdminDetailPage>
  );
}
