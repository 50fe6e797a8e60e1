import { Link } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import type { ConnectorReputation } from "~/domain/parties/reputation-view.server";
import type { ReferralDto } from "~/domain/referrals/dto.server";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { useTimeZone } from "~/utils/time-zone";
import { REJECTION_REASON_LABELS } from "~/validation/rejection-reasons";
import { consentLabel } from "./referral-contact";
import { ConnectorReputationLine, DisposableEmailBadge } from "./reputation";
import { StatusBadge } from "./status-badge";

/** The referrer as the SPEC names them: the connector's company if they have one, else their name. */
export function referrerName(r: Pick<ReferralDto, "connectorCompanyName" | "connectorName">): string {
  return r.connectorCompanyName || r.connectorName;
}

/** One way to reach the connector: an icon that names it for screen readers, and the address or number. */
function ConnectorContact({ icon, label, value }: { icon: "mail" | "phone"; label: string; value: string }) {
  return (
    <div className="col-span-2 flex items-center gap-2 min-w-0">
      <dt className="shrink-0">
        <Icon name={icon} className="h-4 w-4 text-muted-foreground" />
        <span className="sr-only">{label}</span>
      </dt>
      {/* Whole, never cut (issue 37 item 2), on a line of its own: a phone number never splits, and an
          address breaks only where it cannot fit (not mid-word at every width, as break-all did). */}
      <dd className={icon === "phone" ? "min-w-0 whitespace-nowrap" : "min-w-0 [overflow-wrap:anywhere]"}>{value}</dd>
    </div>
  );
}

/** How many messages of the referral's thread the viewer has not read; a link straight to the thread. */
function UnreadMarker({ referralId, count }: { referralId: number; count: number }) {
  const label = `${count} unread ${count === 1 ? "message" : "messages"}`;
  return (
    <Link
      to={`/referrals/${referralId}#messages`}
      aria-label={label}
      title={label}
      data-testid="card-unread"
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground hover:opacity-90"
    >
      <Icon name="message-square" className="h-3.5 w-3.5" />
      <span aria-hidden="true">{count}</span>
    </Link>
  );
}

type Props = {
  /** The business's cards carry the connector's figures (decision 061). */
  referral: ReferralDto & { connectorReputation?: ConnectorReputation; unreadMessages?: number };
  /** Where View Details goes; no button without it (SPEC "Referral card"). */
  detailsHref?: string;
  /** The business dashboard shows how to reach the connector. */
  showConnectorContact?: boolean;
  pendingLabel?: string;
  /** The referral's own page (/referrals/{id}), when View Details goes elsewhere (the business's cards). */
  openHref?: string;
};

export function ReferralCard({ referral: r, detailsHref, showConnectorContact, pendingLabel, openHref }: Props) {
  const tz = useTimeZone();
  return (
    <article className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm" data-testid="referral-card">
      {/* The badge moves under the name when both do not fit ("Rejected — withdrawn by the connector"). */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
        <div className="min-w-0 max-w-full flex-[1_1_10rem]">
          <h3 className="truncate text-base font-semibold">{r.referredPersonName}</h3>
          <p className="truncate text-sm text-muted-foreground">to {r.businessName}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <StatusBadge status={r.status} pendingLabel={pendingLabel} rejectionReason={r.rejectionReason} />
          {r.unreadMessages ? <UnreadMarker referralId={r.id} count={r.unreadMessages} /> : null}
        </div>
      </div>
      {showConnectorContact && r.referredPersonEmailDisposable ? (
        <div>
          <DisposableEmailBadge />
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="col-span-2 flex items-center gap-2 min-w-0">
          {/* A dl's groups may hold only dt and dd, so the icon lives inside the dt. */}
          <dt className="shrink-0">
            <Icon
              name={r.connectorAccountType === "business" ? "building-2" : "user"}
              className="h-4 w-4 text-muted-foreground"
            />
            <span className="sr-only">{r.connectorAccountType === "business" ? "Business referrer" : "Individual referrer"}</span>
          </dt>
          <dd className="truncate">{referrerName(r)}</dd>
        </div>
        {r.connectorReputation ? (
          <div className="col-span-2">
            <dt className="sr-only">Referrer's record</dt>
            <dd>
              <ConnectorReputationLine reputation={r.connectorReputation} />
            </dd>
          </div>
        ) : null}
        {showConnectorContact ? (
          <>
            {r.connectorEmail ? <ConnectorContact icon="mail" label="Connector email" value={r.connectorEmail} /> : null}
            {r.connectorPhone ? <ConnectorContact icon="phone" label="Connector phone" value={r.connectorPhone} /> : null}
          </>
        ) : null}
        <div>
          <dt className="text-xs text-muted-foreground">Cashback</dt>
          <dd className="font-medium tabular-nums">{r.cashbackPercentage}%</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Created</dt>
          <dd className="tabular-nums">{formatDate(r.createdAt, tz)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted-foreground">Consent</dt>
          <dd data-testid="card-consent">{consentLabel(r.consentStatus)}</dd>
        </div>
        {r.status === "pending" && r.reviewDueAt ? (
          <div className="col-span-2">
            <dt className="text-xs text-muted-foreground">Decision due</dt>
            <dd className="tabular-nums" data-testid="card-review-due">
              <time dateTime={r.reviewDueAt}>{formatDate(r.reviewDueAt, tz)}</time>
            </dd>
          </div>
        ) : null}
        {r.status === "rejected" && r.rejectionReason ? (
          <div className="col-span-2">
            <dt className="text-xs text-muted-foreground">Rejection reason</dt>
            <dd data-testid="card-rejection-reason">{REJECTION_REASON_LABELS[r.rejectionReason]}</dd>
          </div>
        ) : null}
      </dl>
      {detailsHref || openHref ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {detailsHref ? (
            <Link to={detailsHref} className={cn(buttonClass("outline", "sm"), "flex-1")} prefetch="intent">
              View Details
            </Link>
          ) : null}
          {openHref ? (
            <Link to={openHref} className={cn(buttonClass("ghost", "sm"), "flex-1")} prefetch="intent">
              Open referral
            </Link>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
