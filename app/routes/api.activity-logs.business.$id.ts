import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listActivity } from "~/domain/effects/activity-queries.server";
import { requireBusinessRole } from "~/domain/parties/access.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, parsePage } from "~/utils/api.server";

/** GET /api/activity-logs/business/{id}: the business's team or an admin. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const businessId = idOrNotFound(params.id);
  const db = context.db();
  await requireBusinessRole(db, user, businessId, "member", { allowPlatformAdmin: true });
  const { items, total } = await listActivity(db, { businessId }, parsePage(request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
