import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { completeLoginChallenge } from "~/domain/accounts/two-factor.server";
import { toPublicUser } from "~/domain/accounts/users.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requesterOf } from "~/utils/requester.server";
import { createUserSession } from "~/utils/session.server";
import { TwoFactorLoginSchema } from "~/validation/two-factor";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/login/two-factor `{ challenge, code | recoveryCode }`: the second step; sets the session. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = parseWith(TwoFactorLoginSchema, await readJsonBody(request));
  const user = await completeLoginChallenge(context.db(), context.cloudflare.env, input, requesterOf(request, context));
  return jsonResponse(toPublicUser(user), {
    headers: { "Set-Cookie": await createUserSession(request, context, user.id) },
  });
});
