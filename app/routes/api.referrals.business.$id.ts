import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { businessSeatQuery, checkBusinessRole } from "~/domain/parties/access.server";
import { toEnrichedReferralDto } from "~/domain/referrals/dto.server";
import { type ReferralListQuery, referralPageQueries } from "~/domain/referrals/list.server";
import { enrichedReferralExample, enrichedReferralSchema, REFERRAL_LIST_QUERY_DOCS } from "~/domain/referrals/referral-schema";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { signedInFirst } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, PageSchema, parseQuery } from "~/utils/api.server";
import { ReferralListQuerySchema } from "~/validation/referral";

export const contract = defineContract("/api/referrals/business/{id}", {
  get: {
    operationId: "listBusinessReferrals",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:read" },
    path_params: { id: "Business id" },
    query: ReferralListQuerySchema.extend(PageSchema.shape),
    docs: () => ({
      summary: "List a business's referrals",
      description: "Newest first, with the connector's details. The business's owner and team, or a platform admin.",
      queryDocs: REFERRAL_LIST_QUERY_DOCS,
      success: {
        status: 200,
        description: "A page of referrals",
        schema: enrichedReferralSchema().array(),
        example: [enrichedReferralExample],
        list: true,
      },
      errors: { 404: [["No such business, or you are not on its team", "Business not found"]] },
    }),
  },
});

/** GET /api/referrals/business/{id}: the business's owner, team or an admin; enriched per the SPEC. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const db = context.db();
  const access = { allowPlatformAdmin: true };
  const businessId = await signedInFirst(
    () => idOrNotFound(params.id),
    () => requireApiUser(request, context, contract.get.auth.scope),
  );
  let query: ReferralListQuery;
  try {
    query = parseQuery(contract.get.query, request);
  } catch (error) {
    // Someone who may not see the business learns that first, whatever their paging.
    const { user, results } = await requireApiUserWith(request, context, contract.get.auth.scope, (viewer) => [
      businessSeatQuery(db, viewer, businessId),
    ]);
    checkBusinessRole(results[0], user, businessId, "member", access);
    throw error;
  }
  // One round trip for a session caller: the session, the caller's seat and the page; the page is
  // used only once the session and the seat allow.
  const { user, results } = await requireApiUserWith(request, context, contract.get.auth.scope, (viewer) => [
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
