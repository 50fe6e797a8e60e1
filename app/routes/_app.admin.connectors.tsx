import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminTableScreen } from "~/components/admin-console";
import { ConnectorsTable } from "~/components/admin-tables";
import { adminConnectorsQueries, toAdminConnectors } from "~/domain/admin/admin.server";
import { connectorQuery } from "~/http/admin-console.server";
import { pageMeta } from "~/utils/page-meta";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta("Connectors | Warm Intros");

const ACCOUNT_TYPE_OPTIONS = [
  { value: "", label: "All account types" },
  { value: "individual", label: "Individual" },
  { value: "business", label: "Business" },
];
const STATUS_OPTIONS = [
  { value: "", label: "Active and suspended" },
  { value: "active", label: "Active" },
  { value: "suspended", label: "Suspended" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  const query = connectorQuery(new URL(request.url));
  // One batch after the session: the page, its total and its referral totals (decision 076).
  const db = context.db();
  const { items, total } = toAdminConnectors(await db.batch(adminConnectorsQueries(db, query)));
  const { q, accountType, status, sort, dir, page } = query;
  return { items, total, page, filter: { q: q ?? "", accountType: accountType ?? "", status: status ?? "", sort, dir } };
}

export default function Screen() {
  const list = useLoaderData<typeof loader>();
  const { filter } = list;
  return (
    <AdminTableScreen
      title="Connectors"
      description="Everyone who makes referrals."
      csvEndpoint="/api/admin/connectors"
      searchLabel="Search by name, email or username"
      list={list}
      selects={[
        { name: "accountType", label: "Account type", value: filter.accountType, options: ACCOUNT_TYPE_OPTIONS },
        { name: "status", label: "Account status", value: filter.status, options: STATUS_OPTIONS },
      ]}
      noun="connectors"
      filtered={Boolean(filter.q || filter.accountType || filter.status)}
    >
      <ConnectorsTable items={list.items} sorting={filter} />
    </AdminTableScreen>
  );
}
