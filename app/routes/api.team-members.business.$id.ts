import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listTeamPage } from "~/domain/teams/members.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, listResponse, methodNotAllowed, parsePage } from "~/utils/api.server";

/** GET /api/team-members/business/{id}: the business's owner and team, or an admin. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, "team:read");
  const businessId = idOrNotFound(params.id);
  const db = context.db();
  const { items, total } = await listTeamPage(db, user, businessId, parsePage(request));
  return listResponse(items, total);
});

export const action = () => methodNotAllowed(["GET"]);
