import { formatDay } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { Icon } from "./icon";

/**
 * A payout request's due date (issue 38): "Due Dec 8, 2026", or, once past it and unpaid, "Overdue
 * since Dec 8, 2026" in red with an icon, so it reads without colour too.
 */
export function PayoutRequestDue({ dueAt, state, className }: { dueAt: string; state: string; className?: string }) {
  if (state === "overdue")
    return (
      <span
        className={cn("inline-flex items-center gap-1 font-medium text-red-700 dark:text-red-400", className)}
        data-testid="payout-request-overdue"
      >
        <Icon name="clock" className="h-3.5 w-3.5 shrink-0" />
        {`Overdue since ${formatDay(dueAt)}`}
      </span>
    );
  return <span className={className}>{`Due ${formatDay(dueAt)}`}</span>;
}
