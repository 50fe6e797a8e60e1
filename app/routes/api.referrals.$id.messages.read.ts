import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/models/api-auth.server";
import { markThreadRead } from "~/models/referral-messages.server";
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
