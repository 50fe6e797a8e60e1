import { formatDay } from "~/utils/dates";
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

/** "Nov 24, 2026": ledger dates are days in UTC (a payout's date is UTC midnight; statements cut at UTC months). */
export const ledgerDate = (iso: string) => formatDay(iso);

/** "2026-11-24": the day in UTC, as CSV files carry dates. */
export const isoDay = (iso: string) => iso.slice(0, 10);

/** "November 2026" for "2026-11". */
export { monthTitle } from "~/utils/dates";

/** The current month as "YYYY-MM" (UTC). */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);
