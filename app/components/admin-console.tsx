import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { EmptyState, PagedRows, type SelectFilter, TableFilters } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/status-badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { inputClass } from "~/components/ui/input-class";
import type { AdminBusinessRow, AdminConnectorRow } from "~/domain/admin/admin.server";
import { ADMIN_PAGE_SIZE } from "~/domain/admin/console";
import type { ReferralDto } from "~/domain/referrals/dto.server";
import type { ReauthPrompt } from "~/http/admin-console.server";
import { cn, formatDate } from "~/utils/misc";
import { type CurrencyTotal, formatMoney } from "~/utils/money";

/** Built once: a formatter per row was a tenth of the admin dashboard's render. */
const ACTIVITY_TIME = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/** The current path and query, so a POST form can send the admin back to the same view. */
export function useHere() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * A column header that sorts by `column`: first click uses the column's natural direction, the next
 * flips it. The rest of the query stays; the page goes back to 1.
 */
export function SortHeader({
  label,
  column,
  sort,
  dir,
  firstDir = "asc",
  className,
}: {
  label: string;
  column: string;
  sort: string;
  dir: "asc" | "desc";
  firstDir?: "asc" | "desc";
  className?: string;
}) {
  const location = useLocation();
  const active = sort === column;
  const params = new URLSearchParams(location.search);
  params.set("sort", column);
  params.set("dir", active ? (dir === "asc" ? "desc" : "asc") : firstDir);
  params.delete("page");
  const icon = active ? (dir === "asc" ? "arrow-up" : "arrow-down") : "arrow-up-down";
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"} className={cn(thClass, className)}>
      <Link to={`?${params}`} className="inline-flex items-center gap-1 hover:text-foreground" preventScrollReset>
        {label}
        <Icon name={icon} className="h-3.5 w-3.5" />
      </Link>
    </th>
  );
}

export const thClass = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground";
export const tdClass = "px-3 py-2 align-top";

export function Table({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // relative: an sr-only (absolute) label inside must not escape the scroll box and widen the page.
    <div className="relative overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" aria-label={label}>
        {children}
      </table>
    </div>
  );
}

/** A link to the API's CSV export of the table with the current filter (not the page). */
export function ExportCsvLink({ endpoint }: { endpoint: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("page");
  params.set("format", "csv");
  return (
    <a href={`${endpoint}?${params}`} className={buttonClass("outline", "sm")} download>
      <Icon name="download" className="h-4 w-4" />
      Export CSV
    </a>
  );
}

/** Completed totals per currency, one line each (never summed across currencies). */
function PerCurrency({ list, field }: { list: CurrencyTotal[]; field: "revenue" | "fees" }) {
  if (list.length === 0) return <span className="tabular-nums text-muted-foreground">0.00</span>;
  return (
    <span className="flex flex-col tabular-nums">
      {list.map((c) => (
        <span key={c.currency}>{formatMoney(c[field], c.currency)}</span>
      ))}
    </span>
  );
}

export const ACCOUNT_TYPE_LABELS: Record<string, string> = { individual: "Individual", business: "Business" };

export function SuspendedBadge() {
  return (
    <span className="ml-2 inline-flex items-center rounded-full bg-rose-100 px-2 py-0.5 text-xs font-medium text-rose-900 dark:bg-rose-900/40 dark:text-rose-100">
      Suspended
    </span>
  );
}

type Sorting = { sort: string; dir: "asc" | "desc" };

/** A table's column: sortable by `column` (first click `firstDir`) when the table is sortable. */
type Column = { label: string; column?: string; firstDir?: "asc" | "desc" };

function HeaderRow({ columns, sorting }: { columns: Column[]; sorting?: Sorting }) {
  return (
    <thead className="border-b bg-muted/40">
      <tr>
        {columns.map(({ label, column, firstDir }) =>
          sorting && column ? (
            <SortHeader key={label} label={label} column={column} firstDir={firstDir} {...sorting} />
          ) : (
            <th key={label} scope="col" className={thClass}>
              {label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

const CONNECTOR_COLUMNS: Column[] = [
  { label: "Name", column: "name" },
  { label: "Email" },
  { label: "Phone" },
  { label: "Account type" },
  { label: "Referrals", column: "referrals", firstDir: "desc" },
  { label: "Completed revenue" },
  { label: "Fees" },
  { label: "Joined", column: "createdAt", firstDir: "desc" },
];

const BUSINESS_COLUMNS: Column[] = [
  { label: "Company", column: "companyName" },
  { label: "UEN" },
  { label: "Sector" },
  { label: "Owner" },
  { label: "Team size" },
  { label: "Referrals received", column: "referrals", firstDir: "desc" },
  { label: "Completed revenue" },
  { label: "Registered", column: "createdAt", firstDir: "desc" },
];

const REFERRAL_COLUMNS: Column[] = [
  { label: "Referrer" },
  { label: "Customer" },
  { label: "Business" },
  { label: "Status", column: "status", firstDir: "asc" },
  { label: "Revenue", column: "revenue", firstDir: "desc" },
  { label: "Referral Fee", column: "fee", firstDir: "desc" },
  { label: "Created", column: "createdAt", firstDir: "desc" },
  { label: "Actions" },
];

export function ConnectorsTable({ items, sorting }: { items: AdminConnectorRow[]; sorting?: Sorting }) {
  return (
    <Table label="Connectors">
      <HeaderRow columns={CONNECTOR_COLUMNS} sorting={sorting} />
      <tbody>
        {items.map((c) => (
          <tr key={c.id} className="border-b last:border-0">
            <td className={tdClass}>
              <Link to={`/admin/connectors/${c.id}`} className="font-medium underline-offset-4 hover:underline">
                {c.name}
              </Link>
              {c.suspended ? <SuspendedBadge /> : null}
              <div className="text-xs text-muted-foreground">@{c.username}</div>
            </td>
            <td className={tdClass}>{c.email ?? "—"}</td>
            <td className={tdClass}>{c.phone ?? "—"}</td>
            <td className={tdClass}>{ACCOUNT_TYPE_LABELS[c.accountType] ?? c.accountType}</td>
            <td className={cn(tdClass, "tabular-nums")}>
              <span className="font-medium">{c.counts.total}</span>
              <div className="text-xs text-muted-foreground">
                {c.counts.pending} pending · {c.counts.approved} approved · {c.counts.completed} completed · {c.counts.rejected}{" "}
                rejected
              </div>
            </td>
            <td className={tdClass}>
              <PerCurrency list={c.completed} field="revenue" />
            </td>
            <td className={tdClass}>
              <PerCurrency list={c.completed} field="fees" />
            </td>
            <td className={cn(tdClass, "whitespace-nowrap")}>{formatDate(c.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function BusinessesTable({ items, sorting }: { items: AdminBusinessRow[]; sorting?: Sorting }) {
  return (
    <Table label="Businesses">
      <HeaderRow columns={BUSINESS_COLUMNS} sorting={sorting} />
      <tbody>
        {items.map((b) => (
          <tr key={b.id} className="border-b last:border-0">
            <td className={tdClass}>
              <Link to={`/admin/businesses/${b.id}`} className="font-medium underline-offset-4 hover:underline">
                {b.companyName}
              </Link>
            </td>
            <td className={cn(tdClass, "font-mono text-xs")}>{b.uen}</td>
            <td className={tdClass}>{b.sector || "—"}</td>
            <td className={tdClass}>
              {b.ownerName}
              {b.ownerSuspended ? <SuspendedBadge /> : null}
              <div className="text-xs text-muted-foreground">@{b.ownerUsername}</div>
            </td>
            <td className={cn(tdClass, "tabular-nums")}>{b.teamSize}</td>
            <td className={cn(tdClass, "tabular-nums")}>{b.counts.total}</td>
            <td className={tdClass}>
              <PerCurrency list={b.completed} field="revenue" />
            </td>
            <td className={cn(tdClass, "whitespace-nowrap")}>{formatDate(b.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** POST to /admin/referrals (intent remind): the business's team is notified; the toast says Reminder sent. */
export function RemindButton({ referralId }: { referralId: number }) {
  const here = useHere();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "remind" &&
    navigation.formData?.get("referralId") === String(referralId);
  return (
    <Form method="post" action="/admin/referrals" preventScrollReset>
      <input type="hidden" name="intent" value="remind" />
      <input type="hidden" name="referralId" value={referralId} />
      <input type="hidden" name="redirectTo" value={here} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        <Icon name="bell" className="h-4 w-4" />
        Remind
      </Button>
    </Form>
  );
}

type AdminReferral = Pick<
  ReferralDto,
  | "id"
  | "connectorId"
  | "businessId"
  | "referredPersonName"
  | "businessName"
  | "connectorName"
  | "connectorCompanyName"
  | "status"
  | "revenueReceived"
  | "revenueCurrency"
  | "feeAmount"
  | "createdAt"
>;

/** The SPEC's All Referrals table: Referrer, Customer, Business, Status, Revenue, Referral Fee, Created, Actions. */
export function ReferralsTable({ items, sorting }: { items: AdminReferral[]; sorting?: Sorting }) {
  return (
    <Table label="All Referrals">
      <HeaderRow columns={REFERRAL_COLUMNS} sorting={sorting} />
      <tbody>
        {items.map((r) => (
          <tr key={r.id} className="border-b last:border-0">
            <td className={tdClass}>
              <Link to={`/admin/connectors/${r.connectorId}`} className="underline-offset-4 hover:underline">
                {r.connectorCompanyName || r.connectorName}
              </Link>
            </td>
            <td className={tdClass}>{r.referredPersonName}</td>
            <td className={tdClass}>
              <Link to={`/admin/businesses/${r.businessId}`} className="underline-offset-4 hover:underline">
                {r.businessName}
              </Link>
            </td>
            <td className={tdClass}>
              <StatusBadge status={r.status} />
            </td>
            <td className={cn(tdClass, "whitespace-nowrap tabular-nums")}>{formatMoney(r.revenueReceived, r.revenueCurrency)}</td>
            <td className={cn(tdClass, "whitespace-nowrap tabular-nums")}>{formatMoney(r.feeAmount, r.revenueCurrency)}</td>
            <td className={cn(tdClass, "whitespace-nowrap")}>{formatDate(r.createdAt)}</td>
            <td className={tdClass}>
              <RemindButton referralId={r.id} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

type ActivityItem = { id: number; action: string; details: string | null; activityType: string; createdAt: string };

export function ActivityList({ items }: { items: ActivityItem[] }) {
  return (
    <ul className="divide-y rounded-lg border" aria-label="Activity">
      {items.map((a) => (
        <li key={a.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="font-medium">{a.action}</p>
            {a.details ? <p className="text-sm text-muted-foreground">{a.details}</p> : null}
          </div>
          <time dateTime={a.createdAt} className="shrink-0 text-xs text-muted-foreground">
            {formatDate(a.createdAt)} {ACTIVITY_TIME.format(new Date(a.createdAt))} UTC
          </time>
        </li>
      ))}
    </ul>
  );
}

/** Suspend or reinstate the user behind a connector or business (POST to the current detail route). */
export function SuspensionForm({ userId, suspended }: { userId: number; suspended: boolean }) {
  const here = useHere();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("userId") === String(userId);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={suspended ? "reinstate" : "suspend"} />
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="redirectTo" value={here} />
      <Button type="submit" variant={suspended ? "outline" : "destructive"} size="sm" disabled={busy}>
        {suspended ? "Reinstate user" : "Suspend user"}
      </Button>
    </Form>
  );
}

/** One fact of an admin detail page's summary card. */
export function DetailItem({ label, value }: { label: string; value: string }) {
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

/** The facts of a summary card. */
export function DetailFacts({ children }: { children: React.ReactNode }) {
  return <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">{children}</dl>;
}

/**
 * Both admin detail pages: back to the list, the header, the summary cards (children), then a page
 * of the row's referrals and its recent activity.
 */
export function AdminDetailPage({
  back,
  header,
  referralsTitle,
  referralsEmpty,
  referrals,
  activity,
  children,
}: {
  back: { to: string; label: string };
  header: React.ComponentProps<typeof PageHeader>;
  referralsTitle: string;
  referralsEmpty: string;
  referrals: { items: AdminReferral[]; page: number; total: number };
  activity: ActivityItem[];
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-6">
      <Link to={back.to} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <Icon name="arrow-left" className="h-4 w-4" />
        {back.label}
      </Link>
      <PageHeader {...header} />
      <ReauthenticationCard />
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

/**
 * "Confirm your password": shown when an admin change was refused because the password is older than
 * 10 minutes. A plain POST form (works without JavaScript) that sends the same change again with the
 * password; the action checks it and goes on.
 */
export function ReauthenticationCard() {
  const data = useActionData<ReauthPrompt | undefined>();
  const navigation = useNavigation();
  if (!data || typeof data !== "object" || !("reauth" in data)) return null;
  const { fields, error } = data.reauth;
  const busy = navigation.state === "submitting";
  return (
    <Card role="alertdialog" aria-labelledby="reauth-title" className="border-primary">
      <CardHeader>
        <CardTitle id="reauth-title">Confirm your password</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid max-w-sm gap-3">
          <p className="text-sm text-muted-foreground">
            Admin changes need your password from the last 10 minutes. Enter it to continue.
          </p>
          {fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="reauth-password" className="text-sm font-medium">
            Password
          </label>
          <input
            id="reauth-password"
            name="reauthPassword"
            type="password"
            autoComplete="current-password"
            required
            // biome-ignore lint/a11y/noAutofocus: the only thing to do on this card is to type the password
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "reauth-error" : undefined}
            className={inputClass}
          />
          {error ? (
            <p id="reauth-error" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? "Confirming..." : "Confirm and continue"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** An admin list screen (connectors, businesses, referrals): header, filters, the table and its pages. */
export function AdminTableScreen({
  title,
  description,
  csvEndpoint,
  searchLabel,
  list,
  selects,
  noun,
  filtered,
  children,
}: {
  title: string;
  description: string;
  /** The API route whose CSV export of the current filter the header offers. */
  csvEndpoint?: string;
  searchLabel: string;
  /** The loader's page of rows and the filter it applied. */
  list: { items: unknown[]; total: number; page: number; filter: Sorting & { q: string } };
  selects: SelectFilter[];
  /** What the rows are ("connectors"), for the empty state. */
  noun: string;
  filtered: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-4">
      <PageHeader
        title={title}
        description={description}
        actions={csvEndpoint ? <ExportCsvLink endpoint={csvEndpoint} /> : undefined}
      />
      <ReauthenticationCard />
      <TableFilters
        q={list.filter.q}
        searchLabel={searchLabel}
        keep={{ sort: list.filter.sort, dir: list.filter.dir }}
        selects={selects}
      />
      <PagedRows
        rows={list}
        page={list.page}
        pageSize={ADMIN_PAGE_SIZE}
        empty={filtered ? `No ${noun} match your filters` : `No ${noun} yet`}
      >
        {children}
      </PagedRows>
    </section>
  );
}
