import { ADMINS_READ_ONLY, markThreadRead } from "~/domain/referrals/messages.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { postOnId } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";
import { messageSchema } from "~/validation/response-fields";

export const contract = defineContract("/api/referrals/{id}/messages/read", {
  post: {
    operationId: "markReferralMessagesRead",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:read" },
    path_params: { id: "Referral id" },
    docs: () => ({
      summary: "Mark a referral's conversation read",
      description:
        "Sets your unread count of this conversation to 0 (the app does this when you open the referral). The next message from the other side is mailed to you again. Its connector and the business's team; platform admins have nothing unread (403).",
      success: { status: 200, description: "Marked as read", schema: messageSchema(), example: { message: "Marked as read" } },
      errors: {
        403: [["You are a platform admin: admins have no unread messages", ADMINS_READ_ONLY]],
        404: [["No such referral, or not yours to see", "Referral not found"]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/messages/read: the caller has read the conversation; its unread count
 * (and the sidebar's) goes to 0 and the next message mails them again (decisions 059, 060). Reading
 * is never a GET. The connector and the business's team; admins (nothing unread) 403; others 404.
 */
export const action = postOnId(
  (request, context) => requireApiUser(request, context, contract.post.auth.scope),
  async ({ db, user, id }) => {
    await markThreadRead(db, user, id);
    return { message: "Marked as read" };
  },
);
