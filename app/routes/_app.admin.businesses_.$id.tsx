import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminDetailPage, countsSummary, DetailCard, SuspensionForm } from "~/components/admin-detail-page";
import { adminBusiness } from "~/domain/admin/admin.server";
import { adminDetail, adminDetailAction } from "~/http/admin-console.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { requireAdminUser } from "~/utils/session.server";
import { useTimeZone } from "~/utils/time-zone";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(`${data?.business.companyName ?? "Business"} | Admin | Warm Intros`);

export async function loader(args: LoaderFunctionArgs) {
  const admin = await requireAdminUser(args.request, args.context);
  const { row: business, ...rest } = await adminDetail(admin, args, adminBusiness, (b) => ({
    referrals: { businessId: b.id },
    activity: { businessId: b.id },
  }));
  return { business, ...rest };
}

/** Suspend or reinstate the business owner's user (intent suspend|reinstate). */
export async function action(args: ActionFunctionArgs) {
  return adminDetailAction(args, "/admin/businesses");
}

export default function BusinessDetail() {
  const tz = useTimeZone();
  const { business: b, referrals, activity } = useLoaderData<typeof loader>();
  return (
    <AdminDetailPage
      back={{ to: "/admin/businesses", label: "All businesses" }}
      header={{ title: b.companyName, description: `UEN ${b.uen} · registered ${formatDate(b.createdAt, tz)}` }}
      summary={{
        title: "Business",
        facts: [
          ["Sector", b.sector || "—"],
          ["Team size", String(b.teamSize)],
          ["Referrals received", countsSummary(b.counts)],
          [
            "Completed revenue",
            b.completed.length === 0 ? "0.00" : b.completed.map((t) => formatMoney(t.revenue, t.currency)).join("; "),
          ],
        ],
      }}
      referralsTitle="Referrals received"
      referralsEmpty="No referrals received yet"
      referrals={referrals}
      activity={activity.items}
    >
      <DetailCard title="Owner" suspended={b.ownerSuspended} contentClassName="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          <span className="font-medium">{b.ownerName}</span> <span className="text-muted-foreground">@{b.ownerUsername}</span>
        </p>
        <SuspensionForm userId={b.ownerId} suspended={b.ownerSuspended} />
      </DetailCard>
    </AdminDetailPage>
  );
}
