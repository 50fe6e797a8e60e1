import { Link } from "@remix-run/react";
import { type CardColumn, CardTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import type { Payables } from "~/domain/money/payables.server";
import { formatDay } from "~/utils/dates";
import { formatMinor } from "~/utils/money";
import { PayoutRequestDue } from "./payout-request-due";

type Request = Payables["overdueRequests"][number];

const COLUMNS: CardColumn<Request>[] = [
  {
    label: "Business",
    className: "max-w-[12rem] break-words",
    cell: (r) => (
      <Link to={`/admin/businesses/${r.businessId}`} className="underline-offset-4 hover:underline">
        {r.businessName}
      </Link>
    ),
  },
  { label: "Connector", className: "max-w-[12rem] break-words", cell: (r) => r.connectorName },
  {
    label: "Amount",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (r) => formatMinor(r.amountMinor, r.currency),
  },
  { label: "Requested", className: "whitespace-nowrap", cell: (r) => formatDay(r.requestedAt) },
  { label: "Due", cell: (r) => <PayoutRequestDue dueAt={r.dueAt} state={r.state} /> },
];

/** The admin payables tab's overdue payout requests (issue 38, decision 192): unpaid past their due date. */
export function AdminOverdueRequests({ payables }: { payables: Payables }) {
  return (
    <>
      <h2 className="pt-4 text-lg font-semibold">Overdue payout requests</h2>
      <p className="text-sm text-muted-foreground">
        Payouts connectors requested that their business has not paid by the due date of its payout terms; this also shows in the
        business&apos;s reputation.
        {payables.overdueRequestsTotal > payables.overdueRequests.length
          ? ` The ${payables.overdueRequests.length} oldest of ${payables.overdueRequestsTotal}.`
          : ""}
      </p>
      {payables.overdueRequests.length === 0 ? (
        <EmptyState>No overdue payout requests</EmptyState>
      ) : (
        <CardTable
          label="Overdue payout requests"
          columns={COLUMNS}
          rows={payables.overdueRequests}
          rowKey={(r) => r.id}
          rowProps={() => ({ "data-testid": "overdue-payout-request" })}
        />
      )}
    </>
  );
}
