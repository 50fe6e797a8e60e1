import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PASSWORD_UPDATED, resetPassword } from "~/domain/accounts/auth-tokens.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requesterOf } from "~/utils/requester.server";
import { PasswordResetConfirmSchema } from "~/validation/auth";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/password-reset/confirm `{ token, password }`: sets the password and ends every session. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { token, password } = parseWith(PasswordResetConfirmSchema, await readJsonBody(request));
  await resetPassword(context.db(), token, password, requesterOf(request, context).pepper);
  return jsonResponse({ message: PASSWORD_UPDATED });
});
