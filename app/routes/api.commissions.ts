import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  type CommissionListQuery,
  commissionListStatements,
  commissionPageFromRide,
  commissionScope,
  listCommissions,
} from "~/domain/money/commissions.server";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { signedInFirst } from "~/http/api-routes.server";
import { apiHandler, listResponse, methodNotAllowed, parsePage, parseQuery } from "~/utils/api.server";
import { CommissionQuerySchema } from "~/validation/commissions";

/**
 * GET /api/commissions: the caller's own commissions as a connector, a business team's
 * (`businessId`, or `as=business` for the caller's workplace), or, for platform admins, everyone's;
 * filtered by status, currency, kind, businessId, connectorId and referralId; newest first, paged by
 * limit and offset with the total in X-Total-Count (decision 071).
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const db = context.db();
  const query: CommissionListQuery = await signedInFirst(
    () => ({ ...parseQuery(CommissionQuerySchema, request), ...parsePage(request) }),
    () => requireApiUser(request, context, "commissions:read"),
  );
  if (request.headers.has("Authorization")) {
    // An API key: checked first (its business or connector decides the scope), then one batch.
    const user = await requireApiUser(request, context, "commissions:read");
    const { items, total } = await listCommissions(db, user, query);
    return listResponse(items, total);
  }
  // A session: the page rides with the session lookup under the scope the query names (one round trip).
  const guess = commissionScope(query, null);
  const { user, results } = await requireApiUserWith(request, context, "commissions:read", (viewer) =>
    commissionListStatements(db, viewer, guess, query),
  );
  const { items, total } = await commissionPageFromRide(db, user, query, guess, results);
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
