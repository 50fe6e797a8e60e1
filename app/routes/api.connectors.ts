import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/models/api-auth.server";
import { listConnectors } from "~/models/connectors.server";
import { apiHandler, listResponse, methodNotAllowed, parsePage } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";

/** GET /api/connectors: platform admins only. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  if (!user.isAdmin) throw forbidden("Admin access required");
  const { items, total } = await listConnectors(context.db(), parsePage(request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
