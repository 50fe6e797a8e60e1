import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listActivity } from "~/domain/effects/activity-queries.server";
import { adminCaller } from "~/http/api-routes.server";
import { apiHandler, listResponse, methodNotAllowed, parsePage, parseQuery } from "~/utils/api.server";
import { SearchQuerySchema } from "~/validation/query-filters";

/** GET /api/activity-logs?limit=&q=: the platform's activity, for admins only. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  await adminCaller(request, context);
  const { q } = parseQuery(SearchQuerySchema, request);
  const { items, total } = await listActivity(context.db(), { q }, parsePage(request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
