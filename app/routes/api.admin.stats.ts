import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { platformStats } from "~/domain/admin/stats.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";

/** GET /api/admin/stats: totalReferrals, totalConnectors, totalBusinesses, completedReferrals (admins only). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  if (!user.isAdmin) throw forbidden("Admin access required");
  return jsonResponse(await platformStats(context.db(), user));
});

export const action = () => methodNotAllowed(["GET"]);
