import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { Icon } from "~/components/icon";
import { Pagination, ReferralFilters } from "~/components/list-controls";
import { NoBusinessPage, WorkplaceHeader } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { ReferralCard } from "~/components/referral-card";
import { StatCard } from "~/components/stat-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { businessDashboardQueries, toBusinessDashboard } from "~/domain/businesses/dashboard.server";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { PAGE_SIZE } from "~/utils/referral-filters";
import { requireRegularUserWith } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta("Incoming Referrals | Warm Intros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.db();
  const url = new URL(request.url);
  const { user, results } = await requireRegularUserWith(request, context, (viewer) => businessDashboardQueries(db, viewer, url));
  return toBusinessDashboard(user, url, results);
}

export default function BusinessDashboard() {
  const data = useLoaderData<typeof loader>();
  const header = <PageHeader title="Incoming Referrals" description="Referrals connectors have sent to your business." />;
  if (!data.business) {
    return <NoBusinessPage header={header} />;
  }
  const { business, referrals, total, stats, top, filters, page } = data;
  return (
    <section className="grid grid-cols-1 gap-6">
      <WorkplaceHeader header={header} role={business.role} companyName={business.companyName} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Received" value={stats.total} icon="inbox" />
        <StatCard label="Pending Review" value={stats.pending} icon="clock" />
        <StatCard label="Approved" value={stats.approved} icon="thumbs-up" />
        <StatCard label="Completed" value={stats.completed} icon="circle-check" />
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Icon name="trophy" className="h-5 w-5 text-amber-500" />
            Top Performing Referrers
          </CardTitle>
          <CardDescription>Ranked by revenue from completed referrals, per currency.</CardDescription>
        </CardHeader>
        <CardContent>
          {top.length === 0 ? (
            <p className="text-sm text-muted-foreground">No completed referrals yet.</p>
          ) : (
            <ol className="grid grid-cols-1 gap-2" aria-label="Top Performing Referrers">
              {top.map((t, i) => (
                <li
                  key={`${t.connectorId}-${t.currency}`}
                  className="flex items-center gap-3 rounded-md border p-3"
                  data-testid="top-referrer"
                >
                  <span
                    className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{t.connectorName}</p>
                    <p className="text-xs text-muted-foreground">
                      {t.referralCount} completed {t.referralCount === 1 ? "referral" : "referrals"} · {t.currency}
                    </p>
                  </div>
                  <p className="shrink-0 text-right text-sm font-semibold tabular-nums">{formatMoney(t.revenue, t.currency)}</p>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-4">
        <h2 className="text-lg font-semibold">Referrals</h2>
        <ReferralFilters q={filters.q} status={filters.status} />
        {referrals.length === 0 ? (
          <EmptyState>{stats.total === 0 ? "No referrals received yet" : "No referrals match your filters"}</EmptyState>
        ) : (
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
            {referrals.map((r) => (
              <ReferralCard
                key={r.id}
                referral={r}
                showConnectorContact
                pendingLabel="Pending Review"
                detailsHref={`/business/update?referral=${r.id}`}
                openHref={`/referrals/${r.id}`}
              />
            ))}
          </div>
        )}
        <Pagination page={page} total={total} pageSize={PAGE_SIZE} />
      </div>
    </section>
  );
}
