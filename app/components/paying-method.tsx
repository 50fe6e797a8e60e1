import type { PayingMethodView } from "~/domain/money/payout-gate.server";
import { detailColumns } from "~/domain/money/payout-method-mask";
import { formatDateTime } from "~/utils/dates";
import { useTimeZone } from "~/utils/time-zone";
import { PAYOUT_METHOD_KIND_LABELS } from "~/validation/payout-method-kinds";

/**
 * An owed group's payout method on the business's payout screen (issue 38 part 1): the masked
 * default, or who still lacks one, and the hold after a change. The whole details sit behind "Show
 * details"; the loader sends them only to the owner and team admins (members never reach the screen).
 */
export function PayingMethod({ method, currency }: { method: PayingMethodView; currency: string }) {
  const timeZone = useTimeZone();
  if (!method.summary) {
    return (
      <p data-testid="paying-method" className="text-sm font-medium text-amber-700 dark:text-amber-300">
        No payout method for {currency}
      </p>
    );
  }
  const columns = method.details ? detailColumns(method.details) : null;
  return (
    <div data-testid="paying-method" className="grid gap-1 text-sm">
      <p className="break-words">
        <span className="text-muted-foreground">Pays to </span>
        <span className="font-medium">{method.summary}</span>
      </p>
      {method.heldUntil ? (
        <p className="text-amber-700 dark:text-amber-300">
          Payouts on hold until {formatDateTime(method.heldUntil, timeZone)}: their payout method changed
        </p>
      ) : null}
      {columns ? (
        <details className="rounded-md border p-2">
          <summary className="cursor-pointer font-medium">Show details</summary>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-all">
            <dt className="text-muted-foreground">Kind</dt>
            <dd>{PAYOUT_METHOD_KIND_LABELS[columns.kind]}</dd>
            <dt className="text-muted-foreground">Account holder</dt>
            <dd>{columns.accountHolder}</dd>
            <dt className="text-muted-foreground">Account</dt>
            <dd data-testid="paying-method-account">{columns.account}</dd>
            {columns.bank ? (
              <>
                <dt className="text-muted-foreground">Bank</dt>
                <dd>{columns.bank}</dd>
              </>
            ) : null}
            {columns.swiftBic ? (
              <>
                <dt className="text-muted-foreground">SWIFT/BIC</dt>
                <dd>{columns.swiftBic}</dd>
              </>
            ) : null}
            {columns.country ? (
              <>
                <dt className="text-muted-foreground">Country</dt>
                <dd>{columns.country}</dd>
              </>
            ) : null}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
