import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { endOtherSessions } from "~/domain/accounts/user-sessions.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/sessions/revoke-others: ends every session of the caller but this one; `{ message, ended }`. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  const ended = await endOtherSessions(context.db(), user, context.sessionId);
  return jsonResponse({ message: "Other sessions signed out", ended });
});
