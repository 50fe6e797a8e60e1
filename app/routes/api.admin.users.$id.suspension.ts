import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { setSuspended } from "~/models/admin.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseId, parseWith, readJsonBody } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";
import { requireApiUser } from "~/utils/session.server";

const SuspensionSchema = z.object({ suspended: z.boolean({ error: "suspended must be true or false" }) });

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/admin/users/{id}/suspension {suspended: true|false}: admins suspend or reinstate a user. */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  // A non-admin learns nothing about ids or bodies: 403 before any other check.
  if (!user.isAdmin) throw forbidden("Admin access required");
  const id = parseId(params.id);
  const { suspended } = parseWith(SuspensionSchema, await readJsonBody(request));
  return jsonResponse(await setSuspended(context.db(), user, id, suspended));
});
