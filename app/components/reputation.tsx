import type { BusinessReputation, ConnectorReputation } from "~/domain/parties/reputation-view.server";
import { cn } from "~/utils/misc";
import { Icon } from "./icon";
import {
  BUSINESS_NEW_HINT,
  businessReputationText,
  CONNECTOR_NEW_HINT,
  connectorReputationText,
  PAYABLES_OVERDUE_HINT,
  PAYOUT_REQUESTS_OVERDUE_HINT,
  payablesOverdueText,
  payoutRequestsOverdueText,
} from "./reputation-format";

/** A business's figures over the last 12 months, or "New" (decision 061). */
export function BusinessReputationLine({ reputation, className }: { reputation: BusinessReputation; className?: string }) {
  const rated = reputation.status === "rated";
  return (
    <p
      className={cn("flex items-center gap-1.5 text-xs text-muted-foreground", className)}
      data-testid="business-reputation"
      title={rated ? `Over ${reputation.decidedCount} decided referrals in the last 12 months` : BUSINESS_NEW_HINT}
    >
      <Icon name="trending-up" className="h-3.5 w-3.5 shrink-0" />
      <span className="sr-only">Reputation: </span>
      <span>{businessReputationText(reputation)}</span>
      <PayablesOverdue count={reputation.payablesOverdue} />
      <OverdueFact
        text={payoutRequestsOverdueText(reputation.payoutRequestsOverdue)}
        hint={PAYOUT_REQUESTS_OVERDUE_HINT}
        testId="payout-requests-overdue"
      />
    </p>
  );
}

/** The business's overdue payables (decision 069), after its figures; nothing when there are none. */
function PayablesOverdue({ count }: { count: number }) {
  const text = payablesOverdueText(count);
  if (!text) return null;
  return (
    <span className="font-medium text-amber-700 dark:text-amber-400" data-testid="payables-overdue" title={PAYABLES_OVERDUE_HINT}>
      <span aria-hidden="true">· </span>
      {text}
    </span>
  );
}

/** Another overdue fact after the figures (issue 38): words, not colour alone; nothing when there are none. */
function OverdueFact({ text, hint, testId }: { text: string | null; hint: string; testId: string }) {
  if (!text) return null;
  return (
    <span className="font-medium text-amber-700 dark:text-amber-400" data-testid={testId} title={hint}>
      <span aria-hidden="true">· </span>
      {text}
    </span>
  );
}

/** A connector's share of completed referrals over the last 12 months, or "New". */
export function ConnectorReputationLine({ reputation, className }: { reputation: ConnectorReputation; className?: string }) {
  const rated = reputation.status === "rated";
  return (
    <p
      className={cn("flex items-center gap-1.5 text-xs text-muted-foreground", className)}
      data-testid="connector-reputation"
      title={rated ? `Over ${reputation.referralCount} referrals in the last 12 months` : CONNECTOR_NEW_HINT}
    >
      <Icon name="trending-up" className="h-3.5 w-3.5 shrink-0" />
      <span className="sr-only">Connector reputation: </span>
      <span>{connectorReputationText(reputation)}</span>
    </p>
  );
}

export const DISPOSABLE_EMAIL = "Disposable email address";

/** Shown to the business when the person's address is at a throwaway mail service (decision 062). */
export function DisposableEmailBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
      data-testid="disposable-email"
      title="The address is at a throwaway mail service: check the person is real before you spend time on it"
    >
      <Icon name="info" className="h-3.5 w-3.5" />
      {DISPOSABLE_EMAIL}
    </span>
  );
}

/** What the business is warned of on a referral's detail page (decision 062). */
export function ReferralWarnings({ referral }: { referral: { referredPersonEmailDisposable: boolean } }) {
  return referral.referredPersonEmailDisposable ? (
    <div className="mt-2">
      <DisposableEmailBadge />
    </div>
  ) : null;
}
