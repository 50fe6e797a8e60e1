import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { businessSeatQuery, checkBusinessRole, requireBusinessRole } from "~/models/access.server";
import { type ReferralListQuery, referralPageQueries, toEnrichedReferralDto } from "~/models/referrals.server";
import { apiHandler, listResponse, methodNotAllowed, parseId, parsePage } from "~/utils/api.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { referralFilters } from "~/utils/referral-filters";

/** GET /api/referrals/business/{id}: the business's owner, team or an admin; enriched per the SPEC. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, "referrals:read");
  const db = context.db();
  const businessId = parseId(params.id);
  const access = { allowPlatformAdmin: true };
  let query: ReferralListQuery;
  try {
    query = { ...referralFilters(new URL(request.url)), ...parsePage(request) };
  } catch (error) {
    // Someone who may not see the business learns that first, whatever their paging.
    await requireBusinessRole(db, user, businessId, "member", access);
    throw error;
  }
  // One round trip: the caller's seat next to the page; the page is used only once the seat allows.
  const [seat, rows, totals] = await db.batch([
    businessSeatQuery(db, user.id, businessId),
    ...referralPageQueries(db, { businessId }, query),
  ]);
  checkBusinessRole(seat, user, businessId, "member", access);
  return listResponse(rows.map(toEnrichedReferralDto), totals[0]?.total ?? 0);
});

export const action = () => methodNotAllowed(["GET"]);
