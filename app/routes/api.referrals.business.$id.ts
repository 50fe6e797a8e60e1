import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { businessSeatQuery, checkBusinessRole } from "~/domain/parties/access.server";
import { toEnrichedReferralDto } from "~/domain/referrals/dto.server";
import { type ReferralListQuery, referralPageQueries } from "~/domain/referrals/list.server";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { signedInFirst } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, parsePage, parseQuery } from "~/utils/api.server";
import { ReferralListQuerySchema } from "~/validation/referral";

/** GET /api/referrals/business/{id}: the business's owner, team or an admin; enriched per the SPEC. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const db = context.db();
  const access = { allowPlatformAdmin: true };
  const businessId = await signedInFirst(
    () => idOrNotFound(params.id),
    () => requireApiUser(request, context, "referrals:read"),
  );
  let query: ReferralListQuery;
  try {
    query = { ...parseQuery(ReferralListQuerySchema, request), ...parsePage(request) };
  } catch (error) {
    // Someone who may not see the business learns that first, whatever their paging.
    const { user, results } = await requireApiUserWith(request, context, "referrals:read", (viewer) => [
      businessSeatQuery(db, viewer, businessId),
    ]);
    checkBusinessRole(results[0], user, businessId, "member", access);
    throw error;
  }
  // One round trip for a session caller: the session, the caller's seat and the page; the page is
  // used only once the session and the seat allow.
  const { user, results } = await requireApiUserWith(request, context, "referrals:read", (viewer) => [
    businessSeatQuery(db, viewer, businessId),
    ...referralPageQueries(db, { businessId }, query),
  ]);
  const [seat, rows, totals] = results;
  checkBusinessRole(seat, user, businessId, "member", access);
  return listResponse(
    rows.map((r) => toEnrichedReferralDto(r, user)),
    totals[0]?.total ?? 0,
  );
});

export const action = () => methodNotAllowed(["GET"]);
