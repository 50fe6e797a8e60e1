import { markThreadRead } from "~/domain/referrals/messages.server";
import { requireApiUser } from "~/http/api-auth.server";
import { postOnId } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/messages/read: the caller has read the conversation; its unread count
 * (and the sidebar's) goes to 0 and the next message mails them again (decisions 059, 060). Reading
 * is never a GET. The connector and the business's team; admins (nothing unread) 403; others 404.
 */
export const action = postOnId(
  (request, context) => requireApiUser(request, context, "referrals:read"),
  async ({ db, user, id }) => {
    await markThreadRead(db, user, id);
    return { message: "Marked as read" };
  },
);
