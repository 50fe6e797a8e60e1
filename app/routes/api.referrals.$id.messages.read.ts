import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { markThreadRead } from "~/domain/referrals/messages.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/messages/read: the caller has read the conversation; its unread count
 * (and the sidebar's) goes to 0 and the next message mails them again (decisions 059, 060). Reading
 * is never a GET. The connector and the business's team; admins (nothing unread) 403; others 404.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context, "referrals:read");
  await markThreadRead(context.db(), user, idOrNotFound(params.id));
  return jsonResponse({ message: "Marked as read" });
});
