import { Link } from "@remix-run/react";
import { ReauthenticationCard } from "~/components/admin-console";
import { type AdminReferral, ReferralsTable, SuspendedBadge, useHere } from "~/components/admin-tables";
import { Icon } from "~/components/icon";
import { PagedRows } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { PostButton } from "~/components/post-button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { ADMIN_PAGE_SIZE } from "~/domain/admin/console";
import { formatDateTime } from "~/utils/dates";
import { useTimeZone } from "~/utils/time-zone";

type ActivityItem = { id: number; action: string; details: string | null; activityType: string; createdAt: string };

export function ActivityList({ items }: { items: ActivityItem[] }) {
  const tz = useTimeZone();
  return (
    <ul className="divide-y rounded-lg border" aria-label="Activity">
      {items.map((a) => (
        <li key={a.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="font-medium">{a.action}</p>
            {a.details ? <p className="text-sm text-muted-foreground">{a.details}</p> : null}
          </div>
          <time dateTime={a.createdAt} className="shrink-0 text-xs text-muted-foreground">
            {formatDateTime(a.createdAt, tz)}
          </time>
        </li>
      ))}
    </ul>
  );
}

/** Suspend or reinstate the user behind a connector or business (POST to the current detail route). */
export function SuspensionForm({ userId, suspended }: { userId: number; suspended: boolean }) {
  const here = useHere();
  return (
    <PostButton
      fields={{ intent: suspended ? "reinstate" : "suspend", userId, redirectTo: here }}
      label={suspended ? "Reinstate user" : "Suspend user"}
      variant={suspended ? "outline" : "destructive"}
    />
  );
}

/** One fact of an admin detail page's summary card. */
function DetailItem({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

type Counts = { total: number; pending: number; approved: number; completed: number; rejected: number };

/** "12 (3 pending, 4 approved, 4 completed, 1 rejected)": a row's referral counts in one fact. */
export function countsSummary(c: Counts) {
  return `${c.total} (${c.pending} pending, ${c.approved} approved, ${c.completed} completed, ${c.rejected} rejected)`;
}

/** A summary card of an admin detail page; a card about a user (`suspended` given) shows when it is suspended. */
export function DetailCard({
  title,
  suspended,
  contentClassName,
  children,
}: {
  title: string;
  suspended?: boolean;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className={suspended === undefined ? undefined : "flex items-center"}>
          {title}
          {suspended ? <SuspendedBadge /> : null}
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/** The first summary card: its facts, label then value. */
export type DetailSummary = { title: string; suspended?: boolean; facts: [label: string, value: string][] };

function SummaryCard({ title, suspended, facts }: DetailSummary) {
  return (
    <DetailCard title={title} suspended={suspended}>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([label, value]) => (
          <DetailItem key={label} label={label} value={value} />
        ))}
      </dl>
    </DetailCard>
  );
}

/**
 * Both admin detail pages: back to the list, the header, the summary card and any further cards
 * (children), then a page of the row's referrals and its recent activity.
 */
export function AdminDetailPage({
  back,
  header,
  summary,
  referralsTitle,
  referralsEmpty,
  referrals,
  activity,
  children,
}: {
  back: { to: string; label: string };
  header: React.ComponentProps<typeof PageHeader>;
  summary: DetailSummary;
  referralsTitle: string;
  referralsEmpty: string;
  referrals: { items: AdminReferral[]; page: number; total: number };
  activity: ActivityItem[];
  children?: React.ReactNode;
}) {
  return (
    <section className="space-y-6">
      <Link to={back.to} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <Icon name="arrow-left" className="h-4 w-4" />
        {back.label}
      </Link>
      <PageHeader {...header} />
      <ReauthenticationCard />
      <SummaryCard {...summary} />
      {children}
      <div className="space-y-3">
        <h2 className="text-lg font-semibold">{referralsTitle}</h2>
        <PagedRows rows={referrals} page={referrals.page} pageSize={ADMIN_PAGE_SIZE} empty={referralsEmpty}>
          <ReferralsTable items={referrals.items} />
        </PagedRows>
      </div>
      <div className="space-y-3">
        <h2 className="text-lg font-semibold">Recent activity</h2>
        {activity.length === 0 ? <EmptyState>No activity yet</EmptyState> : <ActivityList items={activity} />}
      </div>
    </section>
  );
}
