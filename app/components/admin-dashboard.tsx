import { Link } from "@remix-run/react";
import { ActivityList } from "~/components/admin-detail-page";
import { AdminDisputes } from "~/components/admin-disputes";
import { AdminPayables } from "~/components/admin-payables";
import { BusinessesTable, ConnectorsTable, ReferralsTable } from "~/components/admin-tables";
import { Icon } from "~/components/icon";
import { PagedRows, statusOptions, TableFilters } from "~/components/list-controls";
import { OverdueReferralsTable } from "~/components/overdue-referrals";
import { PageHeader } from "~/components/page-header";
import { StatCard } from "~/components/stat-card";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import type { DashboardTab } from "~/domain/admin/console";
import type { AdminDashboardData } from "~/http/admin-console.server";
import { cn } from "~/utils/misc";

const TABS: { id: DashboardTab; label: string }[] = [
  { id: "activity", label: "Platform Activity" },
  { id: "referrals", label: "All Referrals" },
  { id: "overdue", label: "Overdue referrals" },
  { id: "payables", label: "Payables" },
  { id: "disputes", label: "Disputes" },
  { id: "connectors", label: "Connectors" },
  { id: "businesses", label: "Businesses" },
];

/** SPEC "Admin dashboard": four stats and four tabs; the tab is a link (`?tab=`), so it works without JS. */
export function AdminDashboard({ data }: { data: AdminDashboardData }) {
  const { stats, tab } = data;
  return (
    <section>
      <PageHeader title="Admin Dashboard" description="Platform statistics and activity." />
      {/* Two by two on a phone, so the stats do not fill the first screen (issue 37 item 8). */}
      <div data-testid="admin-stats" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Referrals" value={stats.totalReferrals} icon="file-text" />
        <StatCard label="Active Connectors" value={stats.totalConnectors} icon="users" />
        <StatCard label="Businesses" value={stats.totalBusinesses} icon="building-2" />
        <StatCard label="Completed" value={stats.completedReferrals} icon="circle-check" />
      </div>
      {/* One line that scrolls sideways on a phone (the links take focus, so a keyboard reaches every tab). */}
      <nav
        aria-label="Dashboard tabs"
        className="mt-8 flex max-w-full gap-1 overflow-x-auto whitespace-nowrap rounded-lg bg-muted p-1 sm:inline-flex sm:flex-wrap"
      >
        {TABS.map((t) => (
          <Link
            key={t.id}
            to={`?tab=${t.id}`}
            aria-current={t.id === tab ? "page" : undefined}
            preventScrollReset
            className={cn(
              "shrink-0 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
              t.id === tab && "bg-background text-foreground shadow-sm",
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="mt-4 space-y-4">
        <TabPanel data={data} />
      </div>
    </section>
  );
}

const noActivity = (q: string) => (q ? "No activity matches your search" : "No activity yet");

function TabPanel({ data }: { data: AdminDashboardData }) {
  if (data.tab === "activity") {
    return (
      <>
        <h2 className="sr-only">Platform Activity</h2>
        <TableFilters q={data.q} searchLabel="Search by action or details" keep={{ tab: "activity" }} />
        <PagedRows rows={data.activity} page={data.page} pageSize={data.pageSize} empty={noActivity(data.q)}>
          <ActivityList items={data.activity.items} />
        </PagedRows>
      </>
    );
  }
  if (data.tab === "referrals") {
    return (
      <>
        <h2 className="sr-only">All Referrals</h2>
        <TableFilters
          q={data.q}
          searchLabel="Search by customer name"
          keep={{ tab: "referrals" }}
          selects={[{ name: "status", label: "Status", value: data.status, options: statusOptions("All") }]}
        />
        <PagedRows rows={data.referrals} page={data.page} pageSize={data.pageSize} empty="No referrals match your filters">
          <ReferralsTable items={data.referrals.items} />
        </PagedRows>
      </>
    );
  }
  if (data.tab === "overdue") {
    return (
      <>
        <h2 className="text-lg font-semibold">Overdue referrals</h2>
        <p className="text-sm text-muted-foreground">
          Still pending a second response window after the business&apos;s decision was due; the business was reminded when it was
          first due.
        </p>
        <PagedRows rows={data.overdue} page={data.page} pageSize={data.pageSize} empty="No overdue referrals">
          <OverdueReferralsTable items={data.overdue.items} />
        </PagedRows>
      </>
    );
  }
  if (data.tab === "payables") {
    return <AdminPayables payables={data.payables} page={data.page} pageSize={data.pageSize} />;
  }
  if (data.tab === "disputes") {
    return <AdminDisputes disputes={data.disputes} page={data.page} pageSize={data.pageSize} />;
  }
  if (data.tab === "connectors") {
    return (
      <>
        <TabHeading title="Newest connectors" to="/admin/connectors" label="View all connectors" />
        {data.connectors.items.length === 0 ? (
          <EmptyState>No connectors yet</EmptyState>
        ) : (
          <ConnectorsTable items={data.connectors.items} />
        )}
      </>
    );
  }
  return (
    <>
      <TabHeading title="Newest businesses" to="/admin/businesses" label="View all businesses" />
      {data.businesses.items.length === 0 ? (
        <EmptyState>No businesses yet</EmptyState>
      ) : (
        <BusinessesTable items={data.businesses.items} />
      )}
    </>
  );
}

function TabHeading({ title, to, label }: { title: string; to: string; label: string }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Icon name="activity" className="h-4 w-4 text-muted-foreground" />
        {title}
      </h2>
      <Link to={to} className={buttonClass("outline", "sm")}>
        {label}
        <Icon name="arrow-right" className="h-4 w-4" />
      </Link>
    </div>
  );
}
