import { cn } from "~/utils/misc";
import { formatMinor } from "~/utils/money";
import type { Currency } from "../../db/enums";

type Balance = { currency: Currency; pendingMinor: number; payableMinor: number; paidMinor: number };

/** One currency's commissions by state, pending, payable and paid: the dashboard's Earnings card and the Earnings screen's balances. */
export function EarningsByState({ balance, amountClassName }: { balance: Balance; amountClassName?: string }) {
  const states = [
    ["Pending", balance.pendingMinor],
    ["Payable", balance.payableMinor],
    ["Paid", balance.paidMinor],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-2">
      {states.map(([label, minor]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className={cn("break-words text-sm font-semibold tabular-nums", amountClassName)}>
            {formatMinor(minor, balance.currency)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
