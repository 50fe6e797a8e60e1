import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { platformStats } from "~/domain/admin/stats.server";
import { adminCaller } from "~/http/api-routes.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

/** GET /api/admin/stats: totalReferrals, totalConnectors, totalBusinesses, completedReferrals (admins only). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await adminCaller(request, context);
  return jsonResponse(await platformStats(context.db(), user));
});

export const action = () => methodNotAllowed(["GET"]);
