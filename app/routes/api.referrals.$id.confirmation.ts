import { answerConfirmation } from "~/domain/referrals/confirmation.server";
import { requireApiUser } from "~/http/api-auth.server";
import { postOnId } from "~/http/api-routes.server";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";
import { ConfirmationSchema } from "~/validation/referral";

/**
 * POST /api/referrals/{id}/confirmation `{ "decision": "confirm" | "disown" }`: the connector answers
 * a referral a business registered in their name (decision 128). The lifecycle decides who may (the
 * connector only: 403 for the business and admins) and when (409 once answered); anyone who may not
 * see the referral gets 404.
 */
export const loader = () => methodNotAllowed(["POST"]);

// answerConfirmation authorizes before it looks at the decision: a stranger learns nothing from
// validation messages, so the body is parsed lazily inside.
export const action = postOnId(
  (request, context) => requireApiUser(request, context, "referrals:write"),
  ({ db, user, id, request, context }) =>
    answerConfirmation(
      db,
      user,
      id,
      () => readJsonBody(request).then((b) => parseWith(ConfirmationSchema, b)),
      requireSecrets(context.cloudflare.env).passwordPepper,
    ),
);
