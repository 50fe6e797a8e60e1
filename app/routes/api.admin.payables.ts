import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPayables } from "~/domain/money/payables.server";
import { payablesExample, payablesSchema } from "~/domain/money/payables-schema";
import { defineContract } from "~/http/api-contract";
import { adminCaller } from "~/http/api-routes.server";
import { NOT_ADMIN } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed, PageSchema, parseQuery } from "~/utils/api.server";

export const contract = defineContract("/api/admin/payables", {
  get: {
    operationId: "getAdminPayables",
    tag: "Admin",
    auth: { kind: "session", admin: true },
    query: PageSchema,
    docs: () => ({
      summary: "Platform payables and overdue businesses",
      description:
        "Totals per currency of the platform's commissions: pending (in their hold period), payable (net of clawback adjustments) and paid; and, paged by limit and offset, the businesses with commissions payable for more than 30 days (per business and currency: the amount, how many, since when), oldest first. The admin dashboard's Payables tab shows the same; the count also shows in each business's reputation (payablesOverdue).",
      success: { status: 200, description: "The payables", schema: payablesSchema(), example: payablesExample },
      errors: { 403: [NOT_ADMIN] },
    }),
  },
});

/**
 * GET /api/admin/payables: the platform's commissions per currency (pending, payable, paid) and the
 * businesses with payables overdue (payable for more than 30 days), oldest first; platform admins
 * only (decision 069).
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  // Who asks before what they ask: a non-admin gets 403 whatever the query string.
  const user = await adminCaller(request, context);
  return jsonResponse(await adminPayables(context.db(), user, parseQuery(contract.get.query, request)));
});

export const action = () => methodNotAllowed(["GET"]);
