import { Form } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { Button, buttonClass } from "~/components/ui/button";
import type { OwedGroup } from "~/domain/money/owed.server";
import { formatDay } from "~/utils/dates";
import { formatMinor } from "~/utils/money";
import { PAYOUT_METHOD_LABELS } from "~/validation/payout-methods";
import { PAYOUT_VOID_DAYS } from "~/validation/payout-voids";
import type { PAYOUT_METHODS } from "../../../db/enums";

/** What the first post of the record form answers (decision 187): the checked payout, nothing written. */
export type PayoutReviewed = {
  commissionIds: number[];
  amountMinor: number;
  method: (typeof PAYOUT_METHODS)[number];
  reference: string;
  /** As the form sent it (YYYY-MM-DD), posted again by the confirm button. */
  paidAt: string;
};

/**
 * The confirmation step of recording a payout: what will be marked paid (connector, currency, each
 * commission and adjustment, the total, method, reference, date), and a form that posts the same
 * values with intent "record". Without JavaScript it is the page the first post returns; "Change"
 * goes back to the form.
 */
export function PayoutConfirmation({ group, reviewed }: { group: OwedGroup; reviewed: PayoutReviewed }) {
  const chosen = new Set(reviewed.commissionIds);
  const items = group.payableItems.filter((item) => chosen.has(item.commissionId));
  const total = formatMinor(reviewed.amountMinor, group.currency);
  return (
    <section
      aria-labelledby={`confirm-${group.connectorId}-${group.currency}`}
      className="grid gap-4"
      data-testid="payout-confirmation"
    >
      <h3 id={`confirm-${group.connectorId}-${group.currency}`} className="text-base font-semibold">
        Confirm this payout
      </h3>
      <p className="text-sm text-muted-foreground">
        {`These will be marked paid to ${group.connectorName} in ${group.currency}. A payout recorded in error can be voided within ${PAYOUT_VOID_DAYS} days.`}
      </p>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.commissionId} className="flex items-start justify-between gap-3 rounded-md border p-2 text-sm">
            <span className="min-w-0 break-words">
              {item.referredPersonName}
              <span className="block text-xs text-muted-foreground">
                {item.kind === "adjustment" ? `Adjustment ${item.commissionId}` : `Commission ${item.commissionId}`}
              </span>
            </span>
            <span className="shrink-0 tabular-nums">{formatMinor(item.amountMinor, group.currency)}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Total</dt>
        <dd className="font-semibold tabular-nums">{total}</dd>
        <dt className="text-muted-foreground">Method</dt>
        <dd>{PAYOUT_METHOD_LABELS[reviewed.method]}</dd>
        <dt className="text-muted-foreground">Reference</dt>
        <dd className="break-all">{reviewed.reference}</dd>
        <dt className="text-muted-foreground">Date paid</dt>
        <dd>{formatDay(`${reviewed.paidAt}T00:00:00.000Z`)}</dd>
      </dl>
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="record" />
        <input type="hidden" name="connectorId" value={group.connectorId} />
        <input type="hidden" name="currency" value={group.currency} />
        {reviewed.commissionIds.map((id) => (
          <input key={id} type="hidden" name="commissionIds" value={id} />
        ))}
        <input type="hidden" name="method" value={reviewed.method} />
        <input type="hidden" name="reference" value={reviewed.reference} />
        <input type="hidden" name="paidAt" value={reviewed.paidAt} />
        <Button type="submit" aria-label={`Confirm payout of ${total} to ${group.connectorName}`}>
          <Icon name="wallet" className="h-4 w-4" />
          Confirm payout
        </Button>
        <a href="/business/payouts" className={buttonClass("outline")}>
          Change
        </a>
      </Form>
    </section>
  );
}
