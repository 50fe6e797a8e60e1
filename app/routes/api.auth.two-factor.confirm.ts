import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { confirmTwoFactorSetup } from "~/domain/accounts/two-factor.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { getCurrentSession } from "~/utils/session.server";
import { TwoFactorCodeSchema } from "~/validation/two-factor";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/two-factor/confirm `{ code }`: turns two-factor on (a password from the last 10
 * minutes needed; other sessions end); the recovery codes are in this answer only.
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  const { code } = parseWith(TwoFactorCodeSchema, await readJsonBody(request));
  const session = await getCurrentSession(context);
  return jsonResponse(await confirmTwoFactorSetup(context.db(), context.cloudflare.env, user, code, session));
});
