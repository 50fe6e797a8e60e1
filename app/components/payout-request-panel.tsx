import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { PayoutRequestPanelRow } from "~/domain/money/payout-requests.server";
import { formatDay } from "~/utils/dates";
import { formatMinor } from "~/utils/money";
import { Icon } from "./icon";
import { PayoutRequestDue } from "./payout-request-due";

export type PayoutRequestProblem = { businessId: number; currency: string; message: string };

/** What a row says when no request may be made yet: the minimum still to reach. */
function belowMinimum(row: PayoutRequestPanelRow) {
  return `You can request a payout once ${formatMinor(row.minimumMinor, row.currency)} is payable (${row.businessName}'s minimum).`;
}

/**
 * Earnings' payout requests (issue 38 part 2): per business and currency with something payable, the
 * balance and either the open request with its due date or a "Request payout" button (a plain POST:
 * it works without JavaScript). The rule is payout-requests.server's; the screen only shows it.
 */
export function PayoutRequestPanel({ rows, problem }: { rows: PayoutRequestPanelRow[]; problem?: PayoutRequestProblem | null }) {
  const navigation = useNavigation();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="payout-requests-heading" className="grid gap-3">
      <h2 id="payout-requests-heading" className="text-lg font-semibold">
        Request a payout
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Payable by business">
        {rows.map((row) => {
          const key = `${row.businessId}-${row.currency}`;
          const submitting =
            navigation.state === "submitting" &&
            navigation.formData?.get("businessId") === String(row.businessId) &&
            navigation.formData?.get("currency") === row.currency;
          const message =
            problem && problem.businessId === row.businessId && problem.currency === row.currency ? problem.message : null;
          return (
            <li key={key} className="min-w-0">
              <Card data-testid={`payout-request-${key}`}>
                <CardHeader className="pb-2">
                  <CardTitle className="flex flex-wrap items-baseline justify-between gap-x-3 text-base">
                    <span className="min-w-0 break-words">{row.businessName}</span>
                    <span className="tabular-nums">{formatMinor(row.payableMinor, row.currency)}</span>
                  </CardTitle>
                  <CardDescription>{`Payable to you in ${row.currency}`}</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-2 text-sm">
                  {row.request ? (
                    <p data-testid="payout-request-open">
                      {`Requested ${formatMinor(row.request.amountMinor, row.currency)} on ${formatDay(row.request.requestedAt)}. `}
                      <PayoutRequestDue dueAt={row.request.dueAt} state={row.request.state} />
                    </p>
                  ) : row.canRequest ? (
                    <Form method="post" action="/earnings">
                      <input type="hidden" name="intent" value="request-payout" />
                      <input type="hidden" name="businessId" value={row.businessId} />
                      <input type="hidden" name="currency" value={row.currency} />
                      <Button
                        type="submit"
                        disabled={submitting}
                        aria-label={`Request payout from ${row.businessName} in ${row.currency}`}
                      >
                        <Icon name="hand-coins" className="h-4 w-4" />
                        Request payout
                      </Button>
                    </Form>
                  ) : (
                    <p className="text-muted-foreground">{belowMinimum(row)}</p>
                  )}
                  {message ? (
                    <p role="alert" className="text-sm font-medium text-destructive">
                      {message}
                    </p>
                  ) : null}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
