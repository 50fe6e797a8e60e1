import { Link } from "@remix-run/react";
import { AdminOverdueRequests } from "~/components/admin-overdue-requests";
import { PagedRows } from "~/components/list-controls";
import { type CardColumn, CardTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import type { Payables } from "~/domain/money/payables.server";
import { formatDay } from "~/utils/dates";
import { formatMinor } from "~/utils/money";

type Total = Payables["totals"][number];
type Overdue = Payables["overdue"][number];
const num = "whitespace-nowrap tabular-nums";

const TOTAL_COLUMNS: CardColumn<Total>[] = [
  { label: "Currency", cell: (t) => t.currency },
  { label: "Pending", align: "right", className: num, cell: (t) => formatMinor(t.pendingMinor, t.currency) },
  { label: "Payable", align: "right", className: num, cell: (t) => formatMinor(t.payableMinor, t.currency) },
  { label: "Paid", align: "right", className: num, cell: (t) => formatMinor(t.paidMinor, t.currency) },
];

const OVERDUE_COLUMNS: CardColumn<Overdue>[] = [
  {
    label: "Business",
    cell: (o) => (
      <Link to={`/admin/businesses/${o.businessId}`} className="underline-offset-4 hover:underline">
        {o.companyName}
      </Link>
    ),
  },
  { label: "Currency", cell: (o) => o.currency },
  { label: "Amount Overdue", align: "right", className: num, cell: (o) => formatMinor(o.amountMinor, o.currency) },
  { label: "Payable Since", className: "whitespace-nowrap", cell: (o) => formatDay(o.oldestPayableAt) },
  { label: "Commissions", align: "right", className: "tabular-nums", cell: (o) => o.count },
];

/**
 * The admin dashboard's "Payables" (issue 17, decision 069): the platform's commissions per currency
 * (never added across currencies) and the businesses that let payables sit unpaid for more than 30
 * days, oldest first.
 */
export function AdminPayables({ payables, page, pageSize }: { payables: Payables; page: number; pageSize: number }) {
  return (
    <>
      <h2 className="text-lg font-semibold">Payables</h2>
      <p className="text-sm text-muted-foreground">
        Commissions per currency: pending through their business&apos;s hold period, payable (net of clawbacks), and paid.
      </p>
      {payables.totals.length === 0 ? (
        <EmptyState>No commissions yet</EmptyState>
      ) : (
        <CardTable
          label="Payables per currency"
          columns={TOTAL_COLUMNS}
          rows={payables.totals}
          rowKey={(t) => t.currency}
          rowProps={() => ({ "data-testid": "payables-total" })}
        />
      )}
      <h2 className="pt-4 text-lg font-semibold">Overdue payables</h2>
      <p className="text-sm text-muted-foreground">
        Businesses with commissions payable for more than {payables.overdueAfterDays} days and not yet paid; this also shows in
        their reputation.
      </p>
      <PagedRows
        rows={{ items: payables.overdue, total: payables.overdueTotal }}
        page={page}
        pageSize={pageSize}
        empty="No overdue payables"
      >
        <CardTable
          label="Overdue payables"
          columns={OVERDUE_COLUMNS}
          rows={payables.overdue}
          rowKey={(o) => `${o.businessId}-${o.currency}`}
          rowProps={() => ({ "data-testid": "overdue-payable" })}
        />
      </PagedRows>
      <AdminOverdueRequests payables={payables} />
    </>
  );
}
