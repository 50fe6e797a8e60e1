import { Link } from "@remix-run/react";
import { Table, tdClass } from "~/components/admin-tables";
import { PagedRows } from "~/components/list-controls";
import { EmptyState } from "~/components/ui/empty-state";
import type { Payables } from "~/domain/money/payables.server";
import { formatDay } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { formatMinor } from "~/utils/money";

const numClass = cn(tdClass, "whitespace-nowrap text-right tabular-nums");

function Head({ columns }: { columns: { label: string; numeric?: boolean }[] }) {
  return (
    <thead>
      <tr className="border-b bg-muted/50 text-left">
        {columns.map((c) => (
          <th key={c.label} scope="col" className={cn("px-3 py-2 font-medium", c.numeric && "text-right")}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

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
        <Table label="Payables per currency">
          <Head
            columns={[
              { label: "Currency" },
              { label: "Pending", numeric: true },
              { label: "Payable", numeric: true },
              { label: "Paid", numeric: true },
            ]}
          />
          <tbody>
            {payables.totals.map((t) => (
              <tr key={t.currency} className="border-b last:border-0" data-testid="payables-total">
                <td className={tdClass}>{t.currency}</td>
                <td className={numClass}>{formatMinor(t.pendingMinor, t.currency)}</td>
                <td className={numClass}>{formatMinor(t.payableMinor, t.currency)}</td>
                <td className={numClass}>{formatMinor(t.paidMinor, t.currency)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
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
        <Table label="Overdue payables">
          <Head
            columns={[
              { label: "Business" },
              { label: "Currency" },
              { label: "Amount Overdue", numeric: true },
              { label: "Payable Since" },
              { label: "Commissions", numeric: true },
            ]}
          />
          <tbody>
            {payables.overdue.map((o) => (
              <tr key={`${o.businessId}-${o.currency}`} className="border-b last:border-0" data-testid="overdue-payable">
                <td className={tdClass}>
                  <Link to={`/admin/businesses/${o.businessId}`} className="underline-offset-4 hover:underline">
                    {o.companyName}
                  </Link>
                </td>
                <td className={tdClass}>{o.currency}</td>
                <td className={numClass}>{formatMinor(o.amountMinor, o.currency)}</td>
                <td className={cn(tdClass, "whitespace-nowrap")}>{formatDay(o.oldestPayableAt)}</td>
                <td className={numClass}>{o.count}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </PagedRows>
    </>
  );
}
