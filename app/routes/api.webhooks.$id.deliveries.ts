import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/models/api-auth.server";
import { listDeliveries } from "~/models/webhooks.server";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, parsePage } from "~/utils/api.server";

/** GET /api/webhooks/{id}/deliveries: the delivery log, newest first (status, attempts, next retry). */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const { items, total } = await listDeliveries(context.db(), user, idOrNotFound(params.id), parsePage(request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
