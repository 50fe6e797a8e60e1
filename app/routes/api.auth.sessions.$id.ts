import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession, SESSION_NOT_FOUND } from "~/domain/accounts/user-sessions.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";

export const loader = () => methodNotAllowed(["DELETE"]);

/**
 * DELETE /api/auth/sessions/{id}: ends one of the caller's sessions (the current one too: a logout).
 * Someone else's id answers exactly like an unknown one, 404.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireApiUser(request, context);
  const id = params.id ?? "";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw notFound(SESSION_NOT_FOUND);
  await endSession(context.db(), user, id);
  return jsonResponse({ message: "Session ended" });
});
