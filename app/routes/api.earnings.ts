import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { earningsBalanceQueries, earningsForApi } from "~/domain/money/earnings.server";
import { requireApiUserWith } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/earnings: the caller's own balances per currency (pending, payable, paid, owed), as a
 * connector: a session or a personal key with commissions:read (issue 17).
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const db = context.db();
  const { user, results } = await requireApiUserWith(request, context, "commissions:read", (viewer) =>
    earningsBalanceQueries(db, viewer),
  );
  return jsonResponse(earningsForApi(user, results));
});

export const action = () => methodNotAllowed(["GET"]);
