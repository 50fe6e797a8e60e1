import { correctReferral } from "~/domain/referrals/corrections.server";
import { requireApiUser } from "~/http/api-auth.server";
import { postOnId } from "~/http/api-routes.server";
import { methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/correction: the connector corrects the referred person's email and/or
 * phone while the introduction awaits an answer; a new link goes to the corrected details and the
 * old one dies (issue 33, decision 126). Others who see the referral 403, anyone else 404.
 */
export const action = postOnId(
  (request, context) => requireApiUser(request, context, "referrals:write"),
  ({ db, user, id, request, context }) =>
    correctReferral(db, user, id, () => readJsonBody(request), requireSecrets(context.cloudflare.env).passwordPepper),
);
