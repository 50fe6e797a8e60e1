import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ReferralsTable } from "~/components/admin-console";
import { EmptyState, Pagination, TableFilters } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { ADMIN_PAGE_SIZE } from "~/models/admin-console";
import { adminConsoleAction, referralPage, referralQuery } from "~/models/admin-console.server";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "All Referrals | Warm Intros" }];

const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "completed", label: "Completed" },
  { value: "rejected", label: "Rejected" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  const url = new URL(request.url);
  const { q, status, sort, dir } = referralQuery(url);
  const { items, total, page } = await referralPage(context.db(), {}, url);
  return json({ items, total, page, filter: { q: q ?? "", status: status ?? "", sort, dir } });
}

/** The console's Remind forms post here (intent remind), wherever the table is shown. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdminUser(request, context);
  return adminConsoleAction(admin, request, context, "/admin/referrals");
}

export default function Screen() {
  const { items, total, page, filter } = useLoaderData<typeof loader>();
  const filtered = Boolean(filter.q || filter.status);
  return (
    <section className="space-y-4">
      <PageHeader title="All Referrals" description="Every referral on the platform." />
      <TableFilters
        q={filter.q}
        searchLabel="Search by customer name"
        keep={{ sort: filter.sort, dir: filter.dir }}
        selects={[{ name: "status", label: "Status", value: filter.status, options: STATUS_OPTIONS }]}
      />
      {items.length === 0 ? (
        <EmptyState>{filtered ? "No referrals match your filters" : "No referrals yet"}</EmptyState>
      ) : (
        <ReferralsTable items={items} sorting={{ sort: filter.sort, dir: filter.dir }} />
      )}
      <Pagination page={page} total={total} pageSize={ADMIN_PAGE_SIZE} />
    </section>
  );
}
