import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listActivity } from "~/domain/effects/activity-queries.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, listResponse, methodNotAllowed, parsePage } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";

/** GET /api/activity-logs?limit=&q=: the platform's activity, for admins only. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  if (!user.isAdmin) throw forbidden("Admin access required");
  const q = new URL(request.url).searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const { items, total } = await listActivity(context.db(), { q }, parsePage(request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
