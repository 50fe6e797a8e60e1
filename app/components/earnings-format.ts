import { PAYOUT_METHOD_LABELS } from "~/validation/payout-methods";
import type { PayoutMethod } from "../../db/enums";

/** Words the Earnings screens show for the ledger's codes (issue 17). */

/** "Bank transfer" for bank_transfer. */
export const payoutMethodLabel = (method: string) => PAYOUT_METHOD_LABELS[method as PayoutMethod] ?? method;

const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  payable: "Payable",
  paid: "Paid",
  reversed: "Reversed",
};
export const commissionStatusLabel = (status: string) => STATUS_LABELS[status] ?? status;

const REASON_LABELS: Record<string, string> = {
  left_completed: "the referral is no longer completed",
  revenue_changed: "the revenue changed",
};
export const reversalReasonLabel = (reason: string | null) => (reason ? (REASON_LABELS[reason] ?? reason) : "");

/** "24 Nov 2026" (UTC: ledger dates are days, and a payout's date is UTC midnight). */
export function ledgerDate(iso: string) {
  return DATE_FORMAT.format(new Date(iso));
}
const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "2026-11-24": the day in UTC, as CSV files carry dates. */
export const isoDay = (iso: string) => iso.slice(0, 10);

/** "November 2026" for "2026-11". */
export function monthTitle(month: string) {
  const [y, m] = month.split("-").map(Number);
  return MONTH_FORMAT.format(new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, 1)));
}
const MONTH_FORMAT = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** The current month as "YYYY-MM" (UTC). */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);
