import { Link, useLocation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { PostButton } from "~/components/post-button";
import { consentLabel } from "~/components/referral-contact";
import { StatusBadge } from "~/components/status-badge";
import { type CardColumn, CardTable } from "~/components/ui/data-table";
import type { AdminBusinessRow, AdminConnectorRow } from "~/domain/admin/admin.server";
import type { ReferralDto } from "~/domain/referrals/dto.server";
import { decide, listedState } from "~/domain/referrals/lifecycle";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { type CurrencyTotal, formatMoney } from "~/utils/money";

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

export type Sorting = { sort: string; dir: "asc" | "desc" };

/** An admin table's column: sortable by `column` (first click `firstDir`) when the table is sortable. */
type Column<Item> = Omit<CardColumn<Item>, "head"> & { column?: string; firstDir?: "asc" | "desc" };

/** An admin list (a `CardTable`: cards on a phone): its header row, sortable where the page sorts, then one row per item. */
function AdminTable<Item extends { id: number }>({
  label,
  columns,
  sorting,
  items,
}: {
  label: string;
  columns: Column<Item>[];
  sorting?: Sorting;
  items: Item[];
}) {
  const withSort = columns.map(({ column, firstDir, ...c }) =>
    sorting && column ? { ...c, head: <SortHeader label={c.label} column={column} firstDir={firstDir} {...sorting} /> } : c,
  );
  return <CardTable label={label} columns={withSort} rows={items} rowKey={(item) => item.id} />;
}

/** An account's name, marked when suspended, over its @username. */
function Account({ name, suspended, username }: { name: React.ReactNode; suspended: boolean; username: string }) {
  return (
    <>
      <span>
        {name}
        {suspended ? <SuspendedBadge /> : null}
      </span>
      <span className="block text-xs text-muted-foreground">@{username}</span>
    </>
  );
}

/** The link to an account's admin page, in the cell that names it. */
function NameLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="font-medium underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/** A link to the row's page (or a page it names). */
export function RowLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

const nowrap = "whitespace-nowrap";
const money = "whitespace-nowrap tabular-nums";

const CONNECTOR_COLUMNS: Column<AdminConnectorRow>[] = [
  {
    label: "Name",
    column: "name",
    cell: (c) => (
      <Account
        name={<NameLink to={`/admin/connectors/${c.id}`}>{c.name}</NameLink>}
        suspended={c.suspended}
        username={c.username}
      />
    ),
  },
  { label: "Email", className: "break-words", cell: (c) => c.email ?? "—" },
  { label: "Phone", cell: (c) => c.phone ?? "—" },
  { label: "Account type", cell: (c) => ACCOUNT_TYPE_LABELS[c.accountType] ?? c.accountType },
  {
    label: "Referrals",
    column: "referrals",
    firstDir: "desc",
    className: "tabular-nums",
    cell: (c) => (
      <>
        <span className="font-medium">{c.counts.total}</span>
        <span className="block text-xs text-muted-foreground">
          {c.counts.pending} pending · {c.counts.approved} approved · {c.counts.completed} completed · {c.counts.rejected}{" "}
          rejected
        </span>
      </>
    ),
  },
  { label: "Completed revenue", cell: (c) => <PerCurrency list={c.completed} field="revenue" /> },
  { label: "Fees", cell: (c) => <PerCurrency list={c.completed} field="fees" /> },
  { label: "Joined", column: "createdAt", firstDir: "desc", className: nowrap, cell: (c, tz) => formatDate(c.createdAt, tz) },
];

const BUSINESS_COLUMNS: Column<AdminBusinessRow>[] = [
  {
    label: "Company",
    column: "companyName",
    cell: (b) => <NameLink to={`/admin/businesses/${b.id}`}>{b.companyName}</NameLink>,
  },
  { label: "UEN", className: "font-mono text-xs", cell: (b) => b.uen },
  { label: "Sector", cell: (b) => b.sector || "—" },
  {
    label: "Owner",
    cell: (b) => <Account name={b.ownerName} suspended={b.ownerSuspended} username={b.ownerUsername} />,
  },
  { label: "Team size", className: "tabular-nums", cell: (b) => b.teamSize },
  { label: "Referrals received", column: "referrals", firstDir: "desc", className: "tabular-nums", cell: (b) => b.counts.total },
  { label: "Completed revenue", cell: (b) => <PerCurrency list={b.completed} field="revenue" /> },
  { label: "Registered", column: "createdAt", firstDir: "desc", className: nowrap, cell: (b, tz) => formatDate(b.createdAt, tz) },
];

export function ConnectorsTable({ items, sorting }: { items: AdminConnectorRow[]; sorting?: Sorting }) {
  return <AdminTable label="Connectors" columns={CONNECTOR_COLUMNS} sorting={sorting} items={items} />;
}

export function BusinessesTable({ items, sorting }: { items: AdminBusinessRow[]; sorting?: Sorting }) {
  return <AdminTable label="Businesses" columns={BUSINESS_COLUMNS} sorting={sorting} items={items} />;
}

/** A row's Remind button: POST to /admin/referrals (intent remind); the business's team is notified, the toast says Reminder sent. */
export function RemindButton({ referralId }: { referralId: number }) {
  const here = useHere();
  return (
    <PostButton
      action="/admin/referrals"
      fields={{ intent: "remind", referralId, redirectTo: here }}
      label="Remind"
      icon={<Icon name="bell" className="h-4 w-4" />}
    />
  );
}

export type AdminReferral = Pick<
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
  | "consentStatus"
  | "connectorConfirmation"
  | "rejectionReason"
>;

/** The SPEC's All Referrals table: Referrer, Customer, Business, Status, Revenue, Referral Fee, Created, Actions. */
const REFERRAL_COLUMNS: Column<AdminReferral>[] = [
  {
    label: "Referrer",
    cell: (r) => <RowLink to={`/admin/connectors/${r.connectorId}`}>{r.connectorCompanyName || r.connectorName}</RowLink>,
  },
  {
    label: "Customer",
    // The referral's own page (thread, history, consent), and where its person's consent stands.
    cell: (r) => (
      <>
        <RowLink to={`/referrals/${r.id}`}>{r.referredPersonName}</RowLink>
        <span className="block text-xs text-muted-foreground" data-testid="admin-referral-consent">
          {consentLabel(r.consentStatus)}
        </span>
      </>
    ),
  },
  { label: "Business", cell: (r) => <RowLink to={`/admin/businesses/${r.businessId}`}>{r.businessName}</RowLink> },
  { label: "Status", column: "status", firstDir: "asc", cell: (r) => <StatusBadge status={r.status} /> },
  {
    label: "Revenue",
    column: "revenue",
    firstDir: "desc",
    className: money,
    cell: (r) => formatMoney(r.revenueReceived, r.revenueCurrency),
  },
  {
    label: "Referral Fee",
    column: "fee",
    firstDir: "desc",
    className: money,
    cell: (r) => formatMoney(r.feeAmount, r.revenueCurrency),
  },
  { label: "Created", column: "createdAt", firstDir: "desc", className: nowrap, cell: (r, tz) => formatDate(r.createdAt, tz) },
  {
    label: "Actions",
    // Remind only where the lifecycle allows it (decision 167); an empty cell is left out of a phone's card.
    cell: (r) => (decide(listedState(r), "platformAdmin", "remind").allowed ? <RemindButton referralId={r.id} /> : null),
  },
];

export function ReferralsTable({ items, sorting }: { items: AdminReferral[]; sorting?: Sorting }) {
  return <AdminTable label="All Referrals" columns={REFERRAL_COLUMNS} sorting={sorting} items={items} />;
}
