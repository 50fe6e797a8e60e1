import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { remindBusiness } from "~/domain/admin/moves.server";
import { requireApiUser } from "~/http/api-auth.server";
import { requireRecentPassword } from "~/http/reauthentication.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/admin/referrals/{id}/remind: notifies the business's team about the referral (admins only). */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  // A non-admin learns nothing about ids or bodies: 403 before any other check.
  if (!user.isAdmin) throw forbidden("Admin access required");
  // Admin changes need a recently entered password (issue 15, finding 8).
  await requireRecentPassword(context);
  return jsonResponse({ message: "Reminder sent", ...(await remindBusiness(context.db(), user, idOrNotFound(params.id))) });
});
