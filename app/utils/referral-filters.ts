import { REFERRAL_STATUSES, type ReferralStatus } from "../../db/enums";

/** `?q=&status=` of the referral screens, read leniently: unknown statuses mean "All" (the API refuses them: ReferralListQuerySchema). */
export function referralFilters(url: URL): { q?: string; status?: ReferralStatus } {
  const q = url.searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const raw = url.searchParams.get("status");
  const status = REFERRAL_STATUSES.find((s) => s === raw);
  return { q, status };
}

export const PAGE_SIZE = 12;

/** `?page=` (1-based) of the screens, turned into limit/offset. */
export function pageFromUrl(url: URL, pageSize = PAGE_SIZE) {
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  return { page, limit: pageSize, offset: (page - 1) * pageSize };
}
