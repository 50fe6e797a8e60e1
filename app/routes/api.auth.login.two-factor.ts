import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  CHALLENGE_EXPIRED,
  completeLoginChallenge,
  INVALID_CODE,
  INVALID_RECOVERY_CODE,
} from "~/domain/accounts/two-factor.server";
import { publicUserSchema, userExample } from "~/domain/accounts/user-schema";
import { toPublicUser } from "~/domain/accounts/users.server";
import { defineContract } from "~/http/api-contract";
import { SET_COOKIE_HEADER } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requesterOf } from "~/utils/requester.server";
import { createUserSession } from "~/utils/session.server";
import { TwoFactorLoginSchema } from "~/validation/two-factor";

export const contract = defineContract("/api/auth/login/two-factor", {
  post: {
    operationId: "loginTwoFactor",
    tag: "Authentication",
    auth: { kind: "public" },
    body: { schema: TwoFactorLoginSchema, name: "TwoFactorLogin", example: { challenge: "Xb1v…", code: "123456" } },
    docs: () => ({
      summary: "Complete a login with a two-factor code",
      description:
        "The second step of a login for a user with two-factor on: the challenge from POST /api/auth/login and either code (6 digits from the authenticator app; each code works once) or recoveryCode (each works once). A wrong code counts as a failed login; after 5 wrong codes, or 5 minutes, the challenge lapses and the login starts again.",
      success: {
        status: 200,
        description: "Logged in; the session cookie is set",
        schema: publicUserSchema(),
        example: { ...userExample, twoFactorEnabled: true },
        headers: SET_COOKIE_HEADER,
      },
      errors: {
        401: [
          ["The code is wrong or was used already", INVALID_CODE],
          ["The recovery code is wrong or was used already", INVALID_RECOVERY_CODE],
          ["The challenge is unknown, used, lapsed or out of attempts", CHALLENGE_EXPIRED],
        ],
        403: [["The account is suspended", "This account is suspended. Please contact support."]],
        429: [["Too many failed attempts (see Retry-After)", "Too many failed login attempts. Please try again later."]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/login/two-factor `{ challenge, code | recoveryCode }`: the second step; sets the session. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = parseWith(contract.post.body.schema, await readJsonBody(request));
  const user = await completeLoginChallenge(context.db(), context.cloudflare.env, input, requesterOf(request, context));
  return jsonResponse(toPublicUser(user), {
    headers: { "Set-Cookie": await createUserSession(request, context, user.id) },
  });
});
