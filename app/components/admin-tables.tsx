import { Link, useLocation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { PostButton } from "~/components/post-button";
import { consentLabel } from "~/components/referral-contact";
import { StatusBadge } from "~/components/status-badge";
import type { AdminBusinessRow, AdminConnectorRow } from "~/domain/admin/admin.server";
import type { ReferralDto } from "~/domain/referrals/dto.server";
import { decide, listedState } from "~/domain/referrals/lifecycle";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { type CurrencyTotal, formatMoney } from "~/utils/money";
import { useTimeZone } from "~/utils/time-zone";

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

/** An admin list: its header row (sortable where the page sorts), then one row per item. */
function AdminTable<Item extends { id: number }>({
  label,
  columns,
  sorting,
  items,
  children: row,
}: {
  label: string;
  columns: Column[];
  sorting?: Sorting;
  items: Item[];
  /** The cells of an item's row. */
  children: (item: Item) => React.ReactNode;
}) {
  return (
    <Table label={label}>
      <HeaderRow columns={columns} sorting={sorting} />
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className="border-b last:border-0">
            {row(item)}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** An account's name, marked when suspended, over its @username. */
function AccountCell({ name, suspended, username }: { name: React.ReactNode; suspended: boolean; username: string }) {
  return (
    <td className={tdClass}>
      {name}
      {suspended ? <SuspendedBadge /> : null}
      <div className="text-xs text-muted-foreground">@{username}</div>
    </td>
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

function PerCurrencyCell({ list, field }: { list: CurrencyTotal[]; field: "revenue" | "fees" }) {
  return (
    <td className={tdClass}>
      <PerCurrency list={list} field={field} />
    </td>
  );
}

export function ConnectorsTable({ items, sorting }: { items: AdminConnectorRow[]; sorting?: Sorting }) {
  const tz = useTimeZone();
  return (
    <AdminTable label="Connectors" columns={CONNECTOR_COLUMNS} sorting={sorting} items={items}>
      {(c) => (
        <>
          <AccountCell
            name={<NameLink to={`/admin/connectors/${c.id}`}>{c.name}</NameLink>}
            suspended={c.suspended}
            username={c.username}
          />
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
          <PerCurrencyCell list={c.completed} field="revenue" />
          <PerCurrencyCell list={c.completed} field="fees" />
          <td className={cn(tdClass, "whitespace-nowrap")}>{formatDate(c.createdAt, tz)}</td>
        </>
      )}
    </AdminTable>
  );
}

export function BusinessesTable({ items, sorting }: { items: AdminBusinessRow[]; sorting?: Sorting }) {
  const tz = useTimeZone();
  return (
    <AdminTable label="Businesses" columns={BUSINESS_COLUMNS} sorting={sorting} items={items}>
      {(b) => (
        <>
          <td className={tdClass}>
            <NameLink to={`/admin/businesses/${b.id}`}>{b.companyName}</NameLink>
          </td>
          <td className={cn(tdClass, "font-mono text-xs")}>{b.uen}</td>
          <td className={tdClass}>{b.sector || "—"}</td>
          <AccountCell name={b.ownerName} suspended={b.ownerSuspended} username={b.ownerUsername} />
          <td className={cn(tdClass, "tabular-nums")}>{b.teamSize}</td>
          <td className={cn(tdClass, "tabular-nums")}>{b.counts.total}</td>
          <PerCurrencyCell list={b.completed} field="revenue" />
          <td className={cn(tdClass, "whitespace-nowrap")}>{formatDate(b.createdAt, tz)}</td>
        </>
      )}
    </AdminTable>
  );
}

/** A row's Remind cell: POST to /admin/referrals (intent remind); the business's team is notified, the toast says Reminder sent. */
export function RemindCell({ referralId }: { referralId: number }) {
  const here = useHere();
  return (
    <td className={tdClass}>
      <PostButton
        action="/admin/referrals"
        fields={{ intent: "remind", referralId, redirectTo: here }}
        label="Remind"
        icon={<Icon name="bell" className="h-4 w-4" />}
      />
    </td>
  );
}

/** A cell that is a link to the row's page (or a page it names). */
export function LinkCell({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <td className={tdClass}>
      <Link to={to} className="underline-offset-4 hover:underline">
        {children}
      </Link>
    </td>
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
export function ReferralsTable({ items, sorting }: { items: AdminReferral[]; sorting?: Sorting }) {
  const tz = useTimeZone();
  return (
    <AdminTable label="All Referrals" columns={REFERRAL_COLUMNS} sorting={sorting} items={items}>
      {(r) => (
        <>
          <LinkCell to={`/admin/connectors/${r.connectorId}`}>{r.connectorCompanyName || r.connectorName}</LinkCell>
          <td className={tdClass}>
            {/* The referral's own page (thread, history, consent), and where its person's consent stands. */}
            <Link to={`/referrals/${r.id}`} className="underline-offset-4 hover:underline">
              {r.referredPersonName}
            </Link>
            <span className="block text-xs text-muted-foreground" data-testid="admin-referral-consent">
              {consentLabel(r.consentStatus)}
            </span>
          </td>
          <LinkCell to={`/admin/businesses/${r.businessId}`}>{r.businessName}</LinkCell>
          <td className={tdClass}>
            <StatusBadge status={r.status} />
          </td>
          <td className={cn(tdClass, "whitespace-nowrap tabular-nums")}>{formatMoney(r.revenueReceived, r.revenueCurrency)}</td>
          <td className={cn(tdClass, "whitespace-nowrap tabular-nums")}>{formatMoney(r.feeAmount, r.revenueCurrency)}</td>
          <td className={cn(tdClass, "whitespace-nowrap")}>{formatDate(r.createdAt, tz)}</td>
          {decide(listedState(r), "platformAdmin", "remind").allowed ? (
            <RemindCell referralId={r.id} />
          ) : (
            <td className={tdClass} />
          )}
        </>
      )}
    </AdminTable>
  );
}
