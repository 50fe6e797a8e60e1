import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminTableScreen } from "~/components/admin-console";
import { ReferralsTable } from "~/components/admin-tables";
import { statusOptions } from "~/components/list-controls";
import { adminConsoleAction, referralPage, referralQuery } from "~/http/admin-console.server";
import { pageMeta } from "~/utils/page-meta";
import { requireAdminUser } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta("All Referrals | Warm Intros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminUser(request, context);
  const url = new URL(request.url);
  const { q, status, sort, dir } = referralQuery(url);
  const { items, total, page } = await referralPage(context.db(), {}, url);
  return { items, total, page, filter: { q: q ?? "", status: status ?? "", sort, dir } };
}

/** The console's Remind forms post here (intent remind), wherever the table is shown. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdminUser(request, context);
  return adminConsoleAction(admin, request, context, "/admin/referrals");
}

export default function Screen() {
  const list = useLoaderData<typeof loader>();
  const { filter } = list;
  return (
    <AdminTableScreen
      title="All Referrals"
      description="Every referral on the platform."
      searchLabel="Search by customer name"
      list={list}
      selects={[{ name: "status", label: "Status", value: filter.status, options: statusOptions("All statuses") }]}
      noun="referrals"
      filtered={Boolean(filter.q || filter.status)}
    >
      <ReferralsTable items={list.items} sorting={filter} />
    </AdminTableScreen>
  );
}
