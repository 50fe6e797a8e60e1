import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminDetailPage, countsSummary, SuspensionForm } from "~/components/admin-detail-page";
import { ACCOUNT_TYPE_LABELS } from "~/components/admin-tables";
import { adminConnector } from "~/domain/admin/admin.server";
import { adminDetail, adminDetailAction } from "~/http/admin-console.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { requireAdminUser } from "~/utils/session.server";
import { useTimeZone } from "~/utils/time-zone";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(`${data?.connector.name ?? "Connector"} | Admin | Warm Intros`);

export async function loader(args: LoaderFunctionArgs) {
  const admin = await requireAdminUser(args.request, args.context);
  const { row: connector, ...rest } = await adminDetail(admin, args, adminConnector, (c) => ({
    referrals: { connectorId: c.id },
    activity: { userId: c.userId },
  }));
  return { connector, ...rest };
}

/** Suspend or reinstate this connector's user (intent suspend|reinstate). */
export async function action(args: ActionFunctionArgs) {
  return adminDetailAction(args, "/admin/connectors");
}

export default function ConnectorDetail() {
  const tz = useTimeZone();
  const { connector: c, referrals, activity } = useLoaderData<typeof loader>();
  return (
    <AdminDetailPage
      back={{ to: "/admin/connectors", label: "All connectors" }}
      header={{
        title: c.name,
        description: `@${c.username} · ${ACCOUNT_TYPE_LABELS[c.accountType] ?? c.accountType} account · joined ${formatDate(c.createdAt, tz)}`,
        actions: <SuspensionForm userId={c.userId} suspended={c.suspended} />,
      }}
      summary={{
        title: "Profile",
        suspended: c.suspended,
        facts: [
          ["Email", c.email ?? "—"],
          ["Phone", c.phone ?? "—"],
          ["Referrals", countsSummary(c.counts)],
          [
            "Completed revenue / fees",
            c.completed.length === 0
              ? "0.00 / 0.00"
              : c.completed.map((t) => `${formatMoney(t.revenue, t.currency)} / ${formatMoney(t.fees, t.currency)}`).join("; "),
          ],
        ],
      }}
      referralsTitle="Referrals"
      referralsEmpty="No referrals yet"
      referrals={referrals}
      activity={activity.items}
    />
  );
}
