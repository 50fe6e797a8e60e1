import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminStatsExample, adminStatsSchema } from "~/domain/admin/admin-schema";
import { platformStats } from "~/domain/admin/stats.server";
import { defineContract } from "~/http/api-contract";
import { adminCaller } from "~/http/api-routes.server";
import { NOT_ADMIN } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/admin/stats", {
  get: {
    operationId: "getAdminStats",
    tag: "Admin",
    auth: { kind: "session", admin: true },
    docs: () => ({
      summary: "Platform totals",
      description: "Referrals, active connectors, businesses and completed referrals.",
      success: { status: 200, description: "The totals", schema: adminStatsSchema(), example: adminStatsExample },
      errors: { 403: [NOT_ADMIN] },
    }),
  },
});

/** GET /api/admin/stats: totalReferrals, totalConnectors, totalBusinesses, completedReferrals (admins only). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await adminCaller(request, context);
  return jsonResponse(await platformStats(context.db(), user));
});

export const action = () => methodNotAllowed(["GET"]);
