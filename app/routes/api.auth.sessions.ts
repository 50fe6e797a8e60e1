import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listSessions } from "~/domain/accounts/user-sessions.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/auth/sessions: the caller's live sessions (device, where from, last seen), this one first
 * with `current: true`; named by opaque ids (decision 107). A session only: an API key gets 403.
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  return jsonResponse(await listSessions(context.db(), user, context.sessionId));
});

export const action = () => methodNotAllowed(["GET"]);
