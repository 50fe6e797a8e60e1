import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { resendInvitation } from "~/domain/teams/members.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/team-members/{id}/invitation: sends a pending invitation again (a new week, a new link;
 * the old link stops working). The owner or a team admin; at most once a minute per seat (429).
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  const member = await resendInvitation(context.db(), user, idOrNotFound(params.id));
  return jsonResponse({ message: "Invitation sent", member }, { status: 202 });
});
