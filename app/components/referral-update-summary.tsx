import { Icon } from "~/components/icon";
import { referrerName } from "~/components/referral-card";
import { ContactValue, consentLabel } from "~/components/referral-contact";
import { CashbackValue, ReferralDecisionItems } from "~/components/referral-decision-details";
import { ConnectorReputationLine, DisposableEmailBadge } from "~/components/reputation";
import { STATUS_LABELS, StatusBadge } from "~/components/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { EarningColumns } from "~/domain/money/commission";
import type { ConnectorReputation } from "~/domain/parties/reputation-view.server";
import type { ReferralDto } from "~/domain/referrals/dto.server";
import type { referralHistory } from "~/domain/referrals/referrals.server";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { formatMoney } from "~/utils/money";
import { useTimeZone } from "~/utils/time-zone";
import type { ReferralStatus } from "../../db/enums";

/** The referral as Update Referral shows it: its DTO, the connector's standing, the columns the fee preview needs. */
/** Pending reads "Pending Review" on Update Referral (SPEC section 4). */
export const statusLabel = (s: ReferralStatus) => (s === "pending" ? "Pending Review" : STATUS_LABELS[s]);

export type ReferralToUpdate = ReferralDto & { connectorReputation: ConnectorReputation; earning: EarningColumns };

/** One step of a referral's status history, oldest first as the model lists them. */
export type HistoryEntry = Awaited<ReturnType<typeof referralHistory>>[number];

function Detail({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The referred person's email or phone as a link, or why it is hidden from the business. */
function ContactDetail({ r, kind }: { r: ReferralToUpdate; kind: "email" | "phone" }) {
  const value = kind === "email" ? r.referredPersonEmail : r.referredPersonPhone;
  return (
    <Detail label={`Referred person ${kind}`} className="col-span-2 sm:col-span-1">
      {value === null ? (
        <ContactValue r={r} kind={kind} />
      ) : (
        <a
          href={`${kind === "email" ? "mailto" : "tel"}:${value}`}
          className="flex min-w-0 items-center gap-1.5 underline-offset-4 hover:underline"
        >
          <Icon name={kind === "email" ? "mail" : "phone"} className="h-3.5 w-3.5 shrink-0" />
          <span className="min-w-0">{value}</span>
        </a>
      )}
    </Detail>
  );
}

export function ReferralSummary({ r }: { r: ReferralToUpdate }) {
  const tz = useTimeZone();
  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <CardTitle className="truncate">{r.referredPersonName}</CardTitle>
            <CardDescription>Referred by {referrerName(r)}</CardDescription>
            {r.referredPersonEmailDisposable ? <DisposableEmailBadge /> : null}
          </div>
          <span data-testid="current-status">
            <StatusBadge status={r.status} pendingLabel="Pending Review" rejectionReason={r.rejectionReason} />
          </span>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <ContactDetail r={r} kind="email" />
          <ContactDetail r={r} kind="phone" />
          <Detail label="Connector" className="col-span-2">
            {r.connectorName}
            {r.connectorEmail ? <span className="text-muted-foreground"> · {r.connectorEmail}</span> : null}
            {r.connectorPhone ? <span className="text-muted-foreground"> · {r.connectorPhone}</span> : null}
            <ConnectorReputationLine reputation={r.connectorReputation} className="mt-1" />
          </Detail>
          <Detail label="Consent">
            <span data-testid="current-consent">{consentLabel(r.consentStatus)}</span>
          </Detail>
          <Detail label="Cashback">
            <CashbackValue r={r} />
          </Detail>
          <Detail label="Created">{formatDate(r.createdAt, tz)}</Detail>
          <Detail label="Revenue">
            <span className="tabular-nums" data-testid="current-revenue">
              {formatMoney(r.revenueReceived, r.revenueCurrency)}
            </span>
          </Detail>
          <Detail label="Referral Fee">
            <span className="font-semibold tabular-nums" data-testid="current-fee">
              {formatMoney(r.feeAmount, r.revenueCurrency)}
            </span>
          </Detail>
          {r.notes ? (
            <Detail label="Connector's notes" className="col-span-2">
              <span className="whitespace-pre-line">{r.notes}</span>
            </Detail>
          ) : null}
          {r.statusNotes ? (
            <Detail label="Latest update note" className="col-span-2">
              <span className="whitespace-pre-line">{r.statusNotes}</span>
            </Detail>
          ) : null}
          <ReferralDecisionItems r={r} />
        </dl>
      </CardContent>
    </Card>
  );
}

export function HistoryTimeline({ history }: { history: HistoryEntry[] }) {
  const tz = useTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon name="history" className="h-5 w-5" />
          History
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="relative grid gap-4 border-l pl-5" aria-label="Referral history">
          {[...history].reverse().map((h) => (
            <li key={h.id} className="relative" data-testid="history-entry">
              <span className="absolute -left-[1.6rem] top-1 h-2.5 w-2.5 rounded-full bg-primary ring-4 ring-background" />
              <div className="flex flex-wrap items-center gap-2 text-sm">
                {h.fromStatus && h.fromStatus !== h.toStatus ? (
                  <>
                    <StatusBadge status={h.fromStatus} pendingLabel="Pending Review" />
                    <span aria-hidden="true">→</span>
                    <span className="sr-only">to</span>
                  </>
                ) : null}
                <StatusBadge status={h.toStatus} pendingLabel="Pending Review" />
                {h.fromStatus === null ? <span className="text-muted-foreground">Referral created</span> : null}
                {h.fromStatus !== null && h.fromStatus === h.toStatus ? (
                  <span className="text-muted-foreground">Details updated</span>
                ) : null}
              </div>
              <p className="mt-1 text-xs text-muted-foreground">
                {formatDate(h.createdAt, tz)}
                {h.changedByName ? ` · by ${h.changedByName}` : ""}
              </p>
              {h.note ? <p className="mt-1 whitespace-pre-line text-sm">{h.note}</p> : null}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
