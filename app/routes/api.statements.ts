import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { monthPeriod, statementForApi, statementQueries } from "~/domain/money/earnings.server";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { signedInFirst } from "~/http/api-routes.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith } from "~/utils/api.server";
import { StatementQuerySchema, statementQueryInput } from "~/validation/statements";

/**
 * GET /api/statements?month=YYYY-MM&currency=SGD: the caller's monthly statement in one currency
 * (opening balance, the month's movements, closing balance and its lines), as a connector (issue 17).
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const db = context.db();
  // Who is asking comes first: a stranger's bad query is a 401, not a 400.
  const { month, currency } = await signedInFirst(
    () => parseWith(StatementQuerySchema, statementQueryInput(new URL(request.url).searchParams)),
    () => requireApiUser(request, context, "commissions:read"),
  );
  const period = monthPeriod(month);
  const { user, results } = await requireApiUserWith(request, context, "commissions:read", (viewer) =>
    statementQueries(db, viewer, period, currency),
  );
  return jsonResponse(statementForApi(user, period, currency, results));
});

export const action = () => methodNotAllowed(["GET"]);
