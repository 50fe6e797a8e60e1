import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { earningsBalanceQueries, earningsForApi } from "~/domain/money/earnings.server";
import { BUSINESS_KEY, earningsExample, earningsSchema, NO_PROFILE } from "~/domain/money/earnings-schema";
import { requireApiUserWith } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/earnings", {
  get: {
    operationId: "getEarnings",
    tag: "Connectors",
    auth: { kind: "key", scope: "commissions:read" },
    docs: () => ({
      summary: "Your earnings per currency",
      description:
        "Your own balances as a connector, per currency: pending (in the hold period), payable, paid, and owed (the sum of your ledger entries). Amounts are integers in the currency's minor units, with decimal strings beside them; currencies are never added together.",
      success: { status: 200, description: "Your balances", schema: earningsSchema(), example: earningsExample },
      errors: { 403: [BUSINESS_KEY], 404: [NO_PROFILE] },
    }),
  },
});

/**
 * GET /api/earnings: the caller's own balances per currency (pending, payable, paid, owed), as a
 * connector: a session or a personal key with commissions:read (issue 17).
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const db = context.db();
  const { user, results } = await requireApiUserWith(request, context, contract.get.auth.scope, (viewer) =>
    earningsBalanceQueries(db, viewer),
  );
  return jsonResponse(earningsForApi(user, results));
});

export const action = () => methodNotAllowed(["GET"]);
