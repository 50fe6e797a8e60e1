import { confirmTwoFactorSetup } from "~/domain/accounts/two-factor.server";
import { postOnly, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { getCurrentSession } from "~/utils/session.server";
import { TwoFactorCodeSchema } from "~/validation/two-factor";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/two-factor/confirm `{ code }`: turns two-factor on (a password from the last 10
 * minutes needed; other sessions end); the recovery codes are in this answer only.
 */
export const action = postOnly(sessionCaller, async ({ db, user, request, context }) => {
  const { code } = parseWith(TwoFactorCodeSchema, await readJsonBody(request));
  return confirmTwoFactorSetup(db, context.cloudflare.env, user, code, await getCurrentSession(context));
});
