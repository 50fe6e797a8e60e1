import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/models/api-auth.server";
import { disableTwoFactor, startTwoFactorSetup } from "~/models/two-factor.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requesterOf } from "~/utils/requester.server";
import { TwoFactorDisableSchema } from "~/validation/two-factor";

export const loader = () => methodNotAllowed(["POST", "DELETE"]);

/**
 * POST /api/auth/two-factor: starts a setup (201 `{ secret, otpauthUri }`; confirm it with a code).
 * DELETE /api/auth/two-factor `{ currentPassword, code }`: turns two-factor off. Session only.
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  const user = await requireApiUser(request, context);
  const db = context.db();
  const env = context.cloudflare.env;
  if (request.method === "POST") return jsonResponse(await startTwoFactorSetup(db, env, user), { status: 201 });
  await disableTwoFactor(
    db,
    env,
    user,
    parseWith(TwoFactorDisableSchema, await readJsonBody(request)),
    requesterOf(request, context),
  );
  return jsonResponse({ message: "Two-factor authentication is off" });
});
