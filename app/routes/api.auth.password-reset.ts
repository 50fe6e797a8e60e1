import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RESET_REQUESTED, RESET_TOO_MANY, requestPasswordReset } from "~/domain/accounts/auth-tokens.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { clientKeyOf } from "~/utils/rate-limit.server";
import { PasswordResetRequestSchema } from "~/validation/auth";
import { messageSchema } from "~/validation/response-fields";

export const contract = defineContract("/api/auth/password-reset", {
  post: {
    operationId: "requestPasswordReset",
    tag: "Authentication",
    auth: { kind: "public" },
    body: { schema: PasswordResetRequestSchema, name: "PasswordResetRequest", example: { email: "jane@example.com" } },
    docs: () => ({
      summary: "Ask for a password reset link",
      description:
        "Mails a /reset-password link (valid for 1 hour) to every account that uses the address. The answer is the same whether or not one does. Past 3 requests an hour for one address nothing more is sent (the answer stays the same); past 20 an hour from one client the answer is 429.",
      success: {
        status: 202,
        description: "Accepted, whatever the address",
        schema: messageSchema(),
        example: { message: RESET_REQUESTED },
      },
      errors: { 429: [["Too many requests from this client (see Retry-After)", RESET_TOO_MANY]] },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/password-reset `{ email }`: 202 with the same words whatever the address, so the
 * answer never tells whether an account uses it (decision 044).
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { email } = parseWith(contract.post.body.schema, await readJsonBody(request));
  await requestPasswordReset(context.db(), email, clientKeyOf(request));
  return jsonResponse({ message: RESET_REQUESTED }, { status: 202 });
});
