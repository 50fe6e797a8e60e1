import type { BusinessReputation, ConnectorReputation } from "~/domain/parties/reputation-view.server";

/** Reputation in words (decision 061): "Decides in 2 days · 80% accepted · 90% on time", or "New". */
export const REPUTATION_NEW = "New";

const percent = (share: number | null) => `${Math.round((share ?? 0) * 100)}%`;

/** A median duration as people say it: "under an hour", "5 hours", "2 days". */
export function decisionTime(hours: number): string {
  if (hours < 1) return "under an hour";
  if (hours < 48) {
    const h = Math.round(hours);
    return `${h} ${h === 1 ? "hour" : "hours"}`;
  }
  return `${Math.round(hours / 24)} days`;
}

export function businessReputationText(r: BusinessReputation): string {
  if (r.status !== "rated" || r.medianHoursToDecision === null) return REPUTATION_NEW;
  return `Decides in ${decisionTime(r.medianHoursToDecision)} · ${percent(r.acceptedShare)} accepted · ${percent(r.decidedInTimeShare)} on time`;
}

export function connectorReputationText(r: ConnectorReputation): string {
  if (r.status !== "rated") return REPUTATION_NEW;
  return `${percent(r.completedShare)} of referrals completed`;
}

/** What "New" means, for a title or a screen reader. */
export const BUSINESS_NEW_HINT = "Fewer than 5 decided referrals in the last 12 months";
export const CONNECTOR_NEW_HINT = "Fewer than 5 referrals in the last 12 months";

/** Issue 17 (decision 069): "3 commissions overdue" (payable for more than 30 days), or nothing. */
export function payablesOverdueText(count: number): string | null {
  if (count <= 0) return null;
  return `${count} ${count === 1 ? "commission" : "commissions"} overdue`;
}
export const PAYABLES_OVERDUE_HINT = "Commissions payable for more than 30 days that the business has not paid";

/** Issue 38 (decision 192): "2 payout requests overdue" (unpaid past the business's payout terms), or nothing. */
export function payoutRequestsOverdueText(count: number): string | null {
  if (count <= 0) return null;
  return `${count} payout ${count === 1 ? "request" : "requests"} overdue`;
}
export const PAYOUT_REQUESTS_OVERDUE_HINT = "Connectors' payout requests the business has not paid by their due date";
/** Issue 38 (decision 194): "3 disputes, 2 upheld" (raised by a connector, or against a business), or nothing. */
export function disputesText(count: number, upheld: number): string | null {
  if (count <= 0) return null;
  return `${count} ${count === 1 ? "dispute" : "disputes"}, ${upheld === 0 ? "none" : upheld} upheld`;
}
export const DISPUTES_HINT = "Disputes in the last 12 months, and how many were upheld";
