import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { setSuspended } from "~/domain/admin/moves.server";
import { requireApiUser } from "~/http/api-auth.server";
import { requireRecentPassword } from "~/http/reauthentication.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";
import { SuspensionSchema } from "~/validation/admin";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/admin/users/{id}/suspension {suspended: true|false}: admins suspend or reinstate a user. */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  // A non-admin learns nothing about ids or bodies: 403 before any other check.
  if (!user.isAdmin) throw forbidden("Admin access required");
  // Admin changes need a recently entered password (issue 15, finding 8).
  await requireRecentPassword(context);
  const id = idOrNotFound(params.id);
  const { suspended } = parseWith(SuspensionSchema, await readJsonBody(request));
  return jsonResponse(await setSuspended(context.db(), user, id, suspended));
});
