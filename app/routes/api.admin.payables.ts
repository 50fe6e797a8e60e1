import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPayables } from "~/domain/money/payables.server";
import { adminCaller } from "~/http/api-routes.server";
import { apiHandler, jsonResponse, methodNotAllowed, parsePage } from "~/utils/api.server";

/**
 * GET /api/admin/payables: the platform's commissions per currency (pending, payable, paid) and the
 * businesses with payables overdue (payable for more than 30 days), oldest first; platform admins
 * only (decision 069).
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  // Who asks before what they ask: a non-admin gets 403 whatever the query string.
  const user = await adminCaller(request, context);
  return jsonResponse(await adminPayables(context.db(), user, parsePage(request)));
});

export const action = () => methodNotAllowed(["GET"]);
