import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RESET_REQUESTED, requestPasswordReset } from "~/domain/accounts/auth-tokens.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { clientKeyOf } from "~/utils/rate-limit.server";
import { PasswordResetRequestSchema } from "~/validation/auth";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/password-reset `{ email }`: 202 with the same words whatever the address, so the
 * answer never tells whether an account uses it (decision 044).
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { email } = parseWith(PasswordResetRequestSchema, await readJsonBody(request));
  await requestPasswordReset(context.db(), email, clientKeyOf(request));
  return jsonResponse({ message: RESET_REQUESTED }, { status: 202 });
});
