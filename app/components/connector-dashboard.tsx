import type { SerializeFrom } from "@remix-run/cloudflare";
import { Link, useLocation } from "@remix-run/react";
import { barHeights, monthLabel, monthLabelLong } from "~/components/connector-view";
import { CreateProfileForm } from "~/components/create-profile-form";
import { EarningsByState } from "~/components/earnings-by-state";
import { Icon } from "~/components/icon";
import { Pagination, ReferralFilters } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { ReferralCard } from "~/components/referral-card";
import { StatCard } from "~/components/stat-card";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import type { ConnectorDashboardData } from "~/domain/referrals/connector-dashboard.server";

type Data = SerializeFrom<ConnectorDashboardData>;
type WithProfile = Extract<Data, { hasProfile: true }>;

export const NO_MATCHES = "No referrals match your filters";
export const NO_REFERRALS = "No referrals yet. Create your first referral to get started!";

function WelcomeCard({ isBusinessAccount }: { isBusinessAccount: boolean }) {
  return (
    <Card data-testid="welcome-card">
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Icon name="handshake" className="h-5 w-5" />
          </span>
          <CardTitle>Welcome to Warm Intros</CardTitle>
        </div>
        <CardDescription>
          Refer people you trust to registered businesses and earn cashback when the introduction succeeds.
          {isBusinessAccount ? " Your business can also receive referrals from connectors." : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          Making your first referral sets up your connector profile with your account&apos;s name, email and phone.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <CreateProfileForm label="Make Your First Referral" />
          {isBusinessAccount ? (
            <Link to="/business/profile" className={buttonClass("outline")}>
              <Icon name="briefcase" className="h-4 w-4" />
              Set Up Business Profile
            </Link>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** What the ledger says per currency: pending (in the hold), payable and paid; never summed across currencies. */
function EarningsCard({ earnings }: { earnings: WithProfile["earnings"] }) {
  return (
    <Card data-testid="earnings-card">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-base">Earnings</CardTitle>
          <Icon name="wallet" className="h-4 w-4 text-muted-foreground" />
        </div>
        <CardDescription>Commissions from your referrals, per currency</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {earnings.length === 0 ? (
          <p className="text-sm text-muted-foreground">No earnings yet. You earn cashback when a referral is completed.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Earnings by currency">
            {earnings.map((e) => (
              <li key={e.currency} data-testid={`earnings-${e.currency}`}>
                <EarningsByState balance={e} />
              </li>
            ))}
          </ul>
        )}
        <Link to="/earnings" className={buttonClass("outline", "sm")}>
          View earnings
          <Icon name="arrow-right" className="h-4 w-4" />
        </Link>
      </CardContent>
    </Card>
  );
}

/** Referrals per month as plain CSS bars: no chart library for six numbers. */
function MonthlyChart({ months }: { months: WithProfile["months"] }) {
  const heights = barHeights(months.map((m) => m.count));
  const total = months.reduce((sum, m) => sum + m.count, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Referrals per month</CardTitle>
        <CardDescription>
          Last {months.length} months · {total} {total === 1 ? "referral" : "referrals"}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex h-36 items-end gap-2 sm:gap-4" aria-label="Referrals per month">
          {months.map((m, i) => (
            <li key={m.month} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
              <span className="sr-only">
                {monthLabelLong(m.month)}: {m.count} {m.count === 1 ? "referral" : "referrals"}
              </span>
              <span aria-hidden="true" className="text-xs font-medium tabular-nums text-muted-foreground">
                {m.count}
              </span>
              <span
                aria-hidden="true"
                data-testid="chart-bar"
                className="w-full max-w-10 rounded-t bg-primary/80"
                style={{ height: `${heights[i] ?? 0}%` }}
              />
              <span aria-hidden="true" className="text-xs text-muted-foreground">
                {monthLabel(m.month)}
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function ReferralList({ data }: { data: WithProfile }) {
  const { pathname } = useLocation();
  const filtering = Boolean(data.filters.q || data.filters.status);
  let empty: React.ReactNode = null;
  if (data.referrals.length === 0) {
    if (filtering)
      empty = (
        <EmptyState
          action={
            <Link to={pathname} className={buttonClass("outline", "sm")}>
              Clear filters
            </Link>
          }
        >
          {NO_MATCHES}
        </EmptyState>
      );
    else if (data.stats.total === 0)
      empty = (
        <EmptyState
          action={
            <Link to="/create-referral" className={buttonClass("default", "sm")}>
              <Icon name="plus" className="h-4 w-4" />
              New Referral
            </Link>
          }
        >
          {NO_REFERRALS}
        </EmptyState>
      );
    else
      empty = (
        <EmptyState
          action={
            <Link to={pathname} className={buttonClass("outline", "sm")}>
              Back to the first page
            </Link>
          }
        >
          There are no referrals on this page.
        </EmptyState>
      );
  }
  return (
    <section aria-labelledby="referrals-heading" className="grid gap-4">
      <h2 id="referrals-heading" className="text-lg font-semibold">
        Your referrals
      </h2>
      <ReferralFilters q={data.filters.q} status={data.filters.status} />
      {empty ?? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.referrals.map((r) => (
            <li key={r.id} className="min-w-0">
              <ReferralCard referral={r} detailsHref={`/referrals/${r.id}`} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={data.page} total={data.total} pageSize={data.pageSize} />
    </section>
  );
}

/** `first`: what the home shows before the connector's own figures (an owner's or a seat's business work). */
export function ConnectorDashboard({ data, first }: { data: Data; first?: React.ReactNode }) {
  return (
    <section>
      <PageHeader
        title="Dashboard"
        description="Your referrals, their progress and what you have earned."
        actions={
          <Link to="/create-referral" className={buttonClass()}>
            <Icon name="plus" className="h-4 w-4" />
            New Referral
          </Link>
        }
      />
      {first}
      {data.hasProfile ? (
        <div className="grid gap-6">
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="connector-stats">
            <StatCard label="Total Referrals" value={data.stats.total} icon="list-checks" />
            <StatCard label="Pending" value={data.stats.pending} icon="clock" />
            <StatCard label="Approved" value={data.stats.approved} icon="thumbs-up" />
            <StatCard label="Completed" value={data.stats.completed} icon="circle-check" />
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <EarningsCard earnings={data.earnings} />
            <div className="lg:col-span-2">
              <MonthlyChart months={data.months} />
            </div>
          </div>
          <ReferralList data={data} />
        </div>
      ) : (
        <WelcomeCard isBusinessAccount={data.isBusinessAccount} />
      )}
    </section>
  );
}
