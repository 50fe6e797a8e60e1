import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { disableTwoFactor, startTwoFactorSetup } from "~/domain/accounts/two-factor.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requesterOf } from "~/utils/requester.server";
import { getCurrentSession } from "~/utils/session.server";
import { TwoFactorDisableSchema } from "~/validation/two-factor";

export const loader = () => methodNotAllowed(["POST", "DELETE"]);

/**
 * POST /api/auth/two-factor: starts a setup (201 `{ secret, otpauthUri }`; confirm it with a code);
 * needs a password from the last 10 minutes (POST /api/auth/reauthenticate), else 403 (decision 108).
 * DELETE /api/auth/two-factor `{ currentPassword, code }`: turns two-factor off. Session only.
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  const user = await requireApiUser(request, context);
  const db = context.db();
  const env = context.cloudflare.env;
  const session = await getCurrentSession(context);
  if (request.method === "POST") return jsonResponse(await startTwoFactorSetup(db, env, user, session), { status: 201 });
  await disableTwoFactor(
    db,
    env,
    user,
    parseWith(TwoFactorDisableSchema, await readJsonBody(request)),
    requesterOf(request, context),
    session,
  );
  return jsonResponse({ message: "Two-factor authentication is off" });
});
