import { remindBusiness } from "~/domain/admin/moves.server";
import { adminChangeCaller, postOnId } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/admin/referrals/{id}/remind: notifies the business's team about the referral (admins only). */
export const action = postOnId(adminChangeCaller, async ({ db, user, id }) => ({
  message: "Reminder sent",
  ...(await remindBusiness(db, user, id)),
}));
