import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listConnectors } from "~/domain/parties/connectors.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, listResponse, methodNotAllowed, parsePage } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";

/** GET /api/connectors: platform admins only. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  if (!user.isAdmin) throw forbidden("Admin access required");
  const { items, total } = await listConnectors(context.db(), user, parsePage(request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
