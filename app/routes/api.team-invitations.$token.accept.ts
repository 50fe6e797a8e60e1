import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { acceptInvitation } from "~/domain/teams/invitations.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireSessionApiUser } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/team-invitations/{token}/accept: the signed-in user (a session, never an API key: the
 * seat is a person's) with a verified address takes the seat. 404 for a bad, used or lapsed token.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireSessionApiUser(context);
  const { member, businessName } = await acceptInvitation(context.db(), user, params.token ?? "");
  return jsonResponse({ message: `You joined ${businessName}`, member });
});
