import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listActivity } from "~/domain/effects/activity-queries.server";
import { activityExample, activityLogSchema } from "~/domain/effects/activity-schema";
import { defineContract } from "~/http/api-contract";
import { adminCaller } from "~/http/api-routes.server";
import { NOT_ADMIN } from "~/openapi/operation-parts";
import { apiHandler, listResponse, methodNotAllowed, PageSchema, parseQuery } from "~/utils/api.server";
import { SearchQuerySchema } from "~/validation/query-filters";

export const contract = defineContract("/api/activity-logs", {
  get: {
    operationId: "listActivity",
    tag: "Activity",
    auth: { kind: "session", admin: true },
    query: SearchQuerySchema.extend(PageSchema.shape),
    docs: () => ({
      summary: "Platform activity (admins)",
      description: "Newest first. Platform admins only.",
      queryDocs: { q: { description: "Search action and details" } },
      success: {
        status: 200,
        description: "A page of activity",
        schema: activityLogSchema().array(),
        example: [activityExample],
        list: true,
      },
      errors: { 403: [NOT_ADMIN] },
    }),
  },
});

/** GET /api/activity-logs?limit=&q=: the platform's activity, for admins only. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  await adminCaller(request, context);
  const { q, ...page } = parseQuery(contract.get.query, request);
  const { items, total } = await listActivity(context.db(), { q }, page);
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
