import { regenerateRecoveryCodes } from "~/domain/accounts/two-factor.server";
import { postOnly, sessionCaller } from "~/http/api-routes.server";
import { methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { getCurrentSession } from "~/utils/session.server";
import { TwoFactorCodeSchema } from "~/validation/two-factor";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/two-factor/recovery-codes `{ code }`: ten new recovery codes; the old ones stop
 * working (a password from the last 10 minutes needed; other sessions end).
 */
export const action = postOnly(sessionCaller, async ({ db, user, request, context }) => {
  const { code } = parseWith(TwoFactorCodeSchema, await readJsonBody(request));
  return regenerateRecoveryCodes(db, context.cloudflare.env, user, code, await getCurrentSession(context));
});
