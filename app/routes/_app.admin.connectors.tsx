import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConnectorsTable, ExportCsvLink } from "~/components/admin-console";
import { EmptyState, Pagination, TableFilters } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { adminConnectors } from "~/models/admin.server";
import { ADMIN_PAGE_SIZE } from "~/models/admin-console";
import { connectorQuery } from "~/models/admin-console.server";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Connectors | Warm Intros" }];

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
  const { items, total } = await adminConnectors(context.db(), query);
  const { q, accountType, status, sort, dir, page } = query;
  return json({ items, total, page, filter: { q: q ?? "", accountType: accountType ?? "", status: status ?? "", sort, dir } });
}

export default function Screen() {
  const { items, total, page, filter } = useLoaderData<typeof loader>();
  const filtered = Boolean(filter.q || filter.accountType || filter.status);
  return (
    <section className="space-y-4">
      <PageHeader
        title="Connectors"
        description="Everyone who makes referrals."
        actions={<ExportCsvLink endpoint="/api/admin/connectors" />}
      />
      <TableFilters
        q={filter.q}
        searchLabel="Search by name, email or username"
        keep={{ sort: filter.sort, dir: filter.dir }}
        selects={[
          { name: "accountType", label: "Account type", value: filter.accountType, options: ACCOUNT_TYPE_OPTIONS },
          { name: "status", label: "Account status", value: filter.status, options: STATUS_OPTIONS },
        ]}
      />
      {items.length === 0 ? (
        <EmptyState>{filtered ? "No connectors match your filters" : "No connectors yet"}</EmptyState>
      ) : (
        <ConnectorsTable items={items} sorting={{ sort: filter.sort, dir: filter.dir }} />
      )}
      <Pagination page={page} total={total} pageSize={ADMIN_PAGE_SIZE} />
    </section>
  );
}
