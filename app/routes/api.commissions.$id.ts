import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { commissionFrom, commissionStatements } from "~/domain/money/commissions.server";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { signedInFirst } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/commissions/{id}: one commission with its entries, for its connector, its business's
 * owner and team, or a platform admin; anyone else 404 (decision 071).
 */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const id = await signedInFirst(
    () => idOrNotFound(params.id),
    () => requireApiUser(request, context, "commissions:read"),
  );
  const db = context.db();
  const { user, results } = await requireApiUserWith(request, context, "commissions:read", (viewer) =>
    commissionStatements(db, viewer, id),
  );
  return jsonResponse(commissionFrom(results, user));
});

export const action = () => methodNotAllowed(["GET"]);
