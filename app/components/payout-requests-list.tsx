import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { type CardColumn, CardTable } from "~/components/ui/data-table";
import type { PayoutRequestDto } from "~/domain/money/payout-requests.server";
import { formatDay } from "~/utils/dates";
import { formatMinor } from "~/utils/money";
import { PayoutRequestDue } from "./payout-request-due";

const COLUMNS: CardColumn<PayoutRequestDto>[] = [
  { label: "Connector", className: "break-words", cell: (r) => r.connectorName },
  {
    label: "Amount",
    align: "right",
    className: "whitespace-nowrap font-medium tabular-nums",
    cell: (r) => formatMinor(r.amountMinor, r.currency),
  },
  { label: "Requested", className: "whitespace-nowrap", cell: (r) => formatDay(r.requestedAt) },
  { label: "Due", cell: (r) => <PayoutRequestDue dueAt={r.dueAt} state={r.state} /> },
];

/**
 * The connectors' open payout requests on /business/payouts (issue 38 part 2), soonest due first; an
 * overdue one says so in words and an icon. Recording a payout to that connector in that currency settles it.
 */
export function PayoutRequestsList({ requests }: { requests: PayoutRequestDto[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Payout requests</CardTitle>
        <CardDescription>
          Connectors who asked to be paid. Recording a payout to them in that currency settles their request.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">No open payout requests.</p>
        ) : (
          <CardTable
            label="Open payout requests"
            columns={COLUMNS}
            rows={requests}
            rowKey={(r) => r.id}
            rowProps={() => ({ "data-testid": "payout-request-row" })}
          />
        )}
      </CardContent>
    </Card>
  );
}
