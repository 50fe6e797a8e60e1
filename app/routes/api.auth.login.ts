import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { createLoginChallenge } from "~/domain/accounts/two-factor.server";
import { authenticate, toPublicUser } from "~/domain/accounts/users.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { deviceCookieHeader } from "~/utils/device-cookie.server";
import { requesterOf } from "~/utils/requester.server";
import { createUserSession } from "~/utils/session.server";
import { LoginSchema } from "~/validation/auth";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/login. With two-factor on, the right password gives no session yet: a challenge
 * for POST /api/auth/login/two-factor (decision 050).
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = parseWith(LoginSchema, await readJsonBody(request));
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
