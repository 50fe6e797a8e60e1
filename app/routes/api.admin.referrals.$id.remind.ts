import { reminderResultSchema } from "~/domain/admin/admin-schema";
import { remindBusiness } from "~/domain/admin/moves.server";
import { NOTHING_TO_REMIND } from "~/domain/referrals/lifecycle";
import { defineContract } from "~/http/api-contract";
import { adminChangeCaller, postOnId } from "~/http/api-routes.server";
import { NOT_ADMIN, REAUTH } from "~/openapi/operation-parts";
import { methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/admin/referrals/{id}/remind", {
  post: {
    operationId: "remindBusiness",
    tag: "Admin",
    auth: { kind: "session", admin: true },
    path_params: { id: "Referral id" },
    docs: () => ({
      summary: "Remind a business about a referral",
      description:
        "Notifies the business's owner and linked team members (the owner also by mail); logged with the admin's id. Only an open referral (pending or approved) can be reminded of. Needs the password entered in the last 10 minutes (POST /api/auth/reauthenticate).",
      success: {
        status: 200,
        description: "Sent",
        schema: reminderResultSchema(),
        example: { message: "Reminder sent", notified: 3 },
      },
      errors: {
        403: [NOT_ADMIN, REAUTH],
        404: [["No such referral", "Referral not found"]],
        409: [["The referral is completed or rejected: the business has nothing left to decide", NOTHING_TO_REMIND]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/admin/referrals/{id}/remind: notifies the business's team about the referral (admins only). */
export const action = postOnId(adminChangeCaller, async ({ db, user, id }) => ({
  message: "Reminder sent",
  ...(await remindBusiness(db, user, id)),
}));
