import { withdrawReferral } from "~/domain/referrals/corrections.server";
import { requireApiUser } from "~/http/api-auth.server";
import { postOnId } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/referrals/{id}/withdraw: the connector withdraws the referral while it awaits an answer:
 * rejected (withdrawn), consent cancelled, the person's details erased everywhere (decision 126).
 */
export const action = postOnId(
  (request, context) => requireApiUser(request, context, "referrals:write"),
  ({ db, user, id, context }) => withdrawReferral(db, user, id, requireSecrets(context.cloudflare.env).passwordPepper),
);
