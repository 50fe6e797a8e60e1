import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { monthPeriod, statementForApi, statementQueries } from "~/domain/money/earnings.server";
import { BUSINESS_KEY, NO_PROFILE, statementExample, statementSchema } from "~/domain/money/earnings-schema";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { signedInFirst } from "~/http/api-routes.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith } from "~/utils/api.server";
import { StatementQuerySchema, statementQueryInput } from "~/validation/statements";

export const contract = defineContract("/api/statements", {
  get: {
    operationId: "getStatement",
    tag: "Connectors",
    auth: { kind: "key", scope: "commissions:read" },
    query: StatementQuerySchema,
    docs: () => ({
      summary: "Your monthly statement in one currency",
      description:
        "The calendar month (UTC) in one currency: the opening balance (every entry before the month), the month's commissions, reversals and adjustments, payouts, the closing balance (the opening plus the three, and the next month's opening), and each entry as a line. The same statement as a printable page is /earnings/statements/{YYYY-MM}?currency=SGD and as CSV /earnings/statements/{YYYY-MM}.csv?currency=SGD (with a session).",
      success: { status: 200, description: "The statement", schema: statementSchema(), example: statementExample },
      errors: {
        400: [["month is not YYYY-MM, or currency is not one of the ten (errors names each)", "Validation failed"]],
        403: [BUSINESS_KEY],
        404: [NO_PROFILE],
      },
    }),
  },
});

/**
 * GET /api/statements?month=YYYY-MM&currency=SGD: the caller's monthly statement in one currency
 * (opening balance, the month's movements, closing balance and its lines), as a connector (issue 17).
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const db = context.db();
  // Who is asking comes first: a stranger's bad query is a 401, not a 400.
  const { month, currency } = await signedInFirst(
    () => parseWith(contract.get.query, statementQueryInput(new URL(request.url).searchParams)),
    () => requireApiUser(request, context, contract.get.auth.scope),
  );
  const period = monthPeriod(month);
  const { user, results } = await requireApiUserWith(request, context, contract.get.auth.scope, (viewer) =>
    statementQueries(db, viewer, period, currency),
  );
  return jsonResponse(statementForApi(user, period, currency, results));
});

export const action = () => methodNotAllowed(["GET"]);
