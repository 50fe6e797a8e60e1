import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { statementForApi, statementQueries, statementApiRequest as statementRequest } from "~/domain/money/earnings.server";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/statements?month=YYYY-MM&currency=SGD: the caller's monthly statement in one currency
 * (opening balance, the month's movements, closing balance and its lines), as a connector (issue 17).
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const db = context.db();
  const picked = statementRequest(new URL(request.url));
  // Who is asking comes first: a stranger's bad query is a 401, not a 400.
  if (!picked.ok) {
    await requireApiUser(request, context, "commissions:read");
    throw picked.error;
  }
  const { period, currency } = picked;
  const { user, results } = await requireApiUserWith(request, context, "commissions:read", (viewer) =>
    statementQueries(db, viewer, period, currency),
  );
  return jsonResponse(statementForApi(user, period, currency, results));
});

export const action = () => methodNotAllowed(["GET"]);
