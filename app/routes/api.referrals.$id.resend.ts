import { resendIntroduction } from "~/domain/referrals/corrections.server";
import { requireApiUser } from "~/http/api-auth.server";
import { postOnId } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/resend: the connector sends the introduction again while it awaits an
 * answer; once an hour and 3 mails a day per referral (429 with Retry-After beyond; decision 126).
 */
export const action = postOnId(
  (request, context) => requireApiUser(request, context, "referrals:write"),
  ({ db, user, id }) => resendIntroduction(db, user, id),
);
