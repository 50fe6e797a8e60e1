import { monthShort, monthTitle } from "~/utils/dates";
import type { ReferralStatus } from "../../db/enums";
import { STATUS_LABELS } from "./status-badge";

/** The `intent` of the referral form and of the one-step connector profile creation. */
export const REFERRAL_INTENT = "create-referral";
export const CREATE_PROFILE_INTENT = "create-profile";
/** The /refer/{id}?via={code} form's intent: a visitor introducing themselves. */
export const SELF_INTRODUCTION_INTENT = "introduce-self";

/** "2025-01" -> "Jan" (the chart's axis; months are UTC months). */
export const monthLabel = (key: string) => monthShort(key);

/** "2025-01" -> "January 2025" (what a screen reader hears for a bar). */
export const monthLabelLong = (key: string) => monthTitle(key);

/**
 * Bar heights in percent of the tallest bar. A month with referrals never shrinks below a sliver,
 * so one referral next to fifty still shows; an empty month is flat.
 */
export function barHeights(counts: number[], minimum = 4): number[] {
  const max = Math.max(0, ...counts);
  if (max === 0) return counts.map(() => 0);
  return counts.map((n) => (n <= 0 ? 0 : Math.max(minimum, Math.round((n / max) * 100))));
}

/** One line of a referral's timeline: "Created as Pending" or "Pending → Approved". */
export function statusChangeLabel(from: ReferralStatus | null, to: ReferralStatus): string {
  if (from === null) return `Created as ${STATUS_LABELS[to]}`;
  if (from === to) return `${STATUS_LABELS[to]} (updated)`;
  return `${STATUS_LABELS[from]} → ${STATUS_LABELS[to]}`;
}

type SearchableBusiness = { companyName: string; sector?: string | null; nature?: string | null; referralFee: string };

/** The create-referral screen's instant filter: every word must appear in name, sector, nature or fee. */
export function matchesBusinessQuery(business: SearchableBusiness, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [business.companyName, business.sector, business.nature, business.referralFee]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** Log In and Sign Up links of /refer/{id} that bring the visitor back to the same page. */
export function referAuthLinks(businessId: number) {
  const back = `/refer/${businessId}`;
  return { login: `/login?redirectTo=${back}`, signup: `/login?tab=signup&redirectTo=${back}` };
}

/** The current query with one parameter set (or removed, for null), the others kept. */
export function withParam(search: string, key: string, value: string | number | null): string {
  const params = new URLSearchParams(search);
  if (value === null || value === "") params.delete(key);
  else params.set(key, String(value));
  const s = params.toString();
  return s ? `?${s}` : "?";
}
