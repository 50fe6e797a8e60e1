import type { ConsentStatus } from "../../db/enums";
import { Icon } from "./icon";

type Contactable = {
  referredPersonName: string;
  referredPersonEmail: string | null;
  referredPersonPhone: string | null;
  consentStatus: ConsentStatus;
};

/** Why a referral shows no email or phone (issue 16): not shared yet, or erased for good. */
export function hiddenContactReason(r: Contactable): string {
  if (r.consentStatus === "declined") return `Erased: ${r.referredPersonName} declined the introduction`;
  if (r.consentStatus === "expired") return `Erased: ${r.referredPersonName} did not answer the introduction in time`;
  if (r.consentStatus === "cancelled") return "Erased: the introduction was called off before it was answered";
  return `Shared once ${r.referredPersonName} accepts the introduction`;
}

const CONSENT_LABEL: Record<ConsentStatus, string> = {
  awaiting: "Awaiting the person's consent",
  given: "Consent given",
  declined: "Declined",
  expired: "Lapsed (no answer in 14 days)",
  cancelled: "Called off",
};
export const consentLabel = (status: ConsentStatus) => CONSENT_LABEL[status];

/** The referred person's email or phone as a link, or why it is not shown. */
export function ContactValue({ r, kind, className }: { r: Contactable; kind: "email" | "phone"; className?: string }) {
  const value = kind === "email" ? r.referredPersonEmail : r.referredPersonPhone;
  if (value === null) {
    return (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground" data-testid={`hidden-${kind}`}>
        <Icon name="shield-check" className="h-3.5 w-3.5 shrink-0" />
        {hiddenContactReason(r)}
      </span>
    );
  }
  return (
    <a href={`${kind === "email" ? "mailto" : "tel"}:${value}`} className={className ?? "break-all hover:underline"}>
      {value}
    </a>
  );
}
