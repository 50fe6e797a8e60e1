import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { regenerateRecoveryCodes } from "~/domain/accounts/two-factor.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { getCurrentSession } from "~/utils/session.server";
import { TwoFactorCodeSchema } from "~/validation/two-factor";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/two-factor/recovery-codes `{ code }`: ten new recovery codes; the old ones stop
 * working (a password from the last 10 minutes needed; other sessions end).
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  const { code } = parseWith(TwoFactorCodeSchema, await readJsonBody(request));
  const session = await getCurrentSession(context);
  return jsonResponse(await regenerateRecoveryCodes(context.db(), context.cloudflare.env, user, code, session));
});
