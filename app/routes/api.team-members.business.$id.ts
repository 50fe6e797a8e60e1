import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listTeam } from "~/models/team.server";
import { apiHandler, listResponse, methodNotAllowed, parseId } from "~/utils/api.server";
import { requireApiUser } from "~/utils/session.server";

/** GET /api/team-members/business/{id}: the business's owner and team, or an admin. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const team = await listTeam(context.db(), user, parseId(params.id));
  return listResponse(team, team.length);
});

export const action = () => methodNotAllowed(["GET"]);
