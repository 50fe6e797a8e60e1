import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { LOGIN_FAILURES_PER_CLIENT, LOGIN_LOCKOUT } from "~/domain/accounts/login-throttle.server";
import { createLoginChallenge } from "~/domain/accounts/two-factor.server";
import { twoFactorChallengeSchema } from "~/domain/accounts/two-factor-schema";
import { publicUserSchema, userExample } from "~/domain/accounts/user-schema";
import { authenticate, LOGIN_TOO_MANY, toPublicUser } from "~/domain/accounts/users.server";
import { defineContract } from "~/http/api-contract";
import { SET_COOKIE_HEADER, YOUR_PASSWORD } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { deviceCookieHeader } from "~/utils/device-cookie.server";
import { requesterOf } from "~/utils/requester.server";
import { createUserSession } from "~/utils/session.server";
import { LoginSchema } from "~/validation/auth";

export const contract = defineContract("/api/auth/login", {
  post: {
    operationId: "login",
    tag: "Authentication",
    auth: { kind: "public" },
    body: { schema: LoginSchema, name: "Login", example: { username: "jane", password: "Connector1234" } },
    docs: () => ({
      fields: { username: "Your username (any letter case)", password: YOUR_PASSWORD },
      summary: "Log in",
      description: `Starts a session: the answer sets the session cookie, which every other endpoint accepts. Failed attempts are counted per username and client address (CF-Connecting-IP; an IPv6 address counts as its /64): after ${LOGIN_LOCKOUT.limit} for one username from one client in 15 minutes, that client's logins for it are refused for the rest of the 15 minutes; after ${LOGIN_FAILURES_PER_CLIENT.limit} from one client, whatever the usernames, all its logins are, except from a browser that signed in as that user before (the right password sets a signed device cookie that names the user). Failures for one username from everywhere only slow its logins down (never refusing the right password from another client), and its password checks run one at a time: one kept waiting over a second is refused with 429 and Retry-After: 1. Wrong current passwords (PATCH /api/users/{id}) count with them. For a user with two-factor on, the right password sets no cookie: the answer is a TwoFactorChallenge to complete with POST /api/auth/login/two-factor.`,
      success: {
        status: 200,
        description:
          "Logged in and the session cookie is set (a User), or, with two-factor on, a TwoFactorChallenge and no cookie",
        schema: z.union([publicUserSchema(), twoFactorChallengeSchema()]),
        example: userExample,
        headers: SET_COOKIE_HEADER,
      },
      errors: {
        401: [["Wrong username or password", "Invalid username or password"]],
        403: [["The account is suspended", "This account is suspended. Please contact support."]],
        429: [["Too many failed attempts from this client (see Retry-After)", LOGIN_TOO_MANY]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/login. With two-factor on, the right password gives no session yet: a challenge
 * for POST /api/auth/login/two-factor (decision 050).
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = parseWith(contract.post.body.schema, await readJsonBody(request));
  const db = context.db();
  const user = await authenticate(db, input, requesterOf(request, context));
  // The password was right: this device is remembered for the user (decision 111).
  const device = await deviceCookieHeader(request, context, user.id);
  if (user.twoFactorEnabledAt) {
    const { challenge, expiresAt } = await createLoginChallenge(db, user);
    return jsonResponse(
      { twoFactorRequired: true, challenge, expiresAt: expiresAt.toISOString() },
      { headers: { "Set-Cookie": device } },
    );
  }
  const headers = new Headers({ "Set-Cookie": await createUserSession(request, context, user.id) });
  headers.append("Set-Cookie", device);
  return jsonResponse(toPublicUser(user), { headers });
});
