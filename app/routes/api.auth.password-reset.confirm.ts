import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { INVALID_LINK, PASSWORD_UPDATED, resetPassword } from "~/domain/accounts/auth-tokens.server";
import { defineContract } from "~/http/api-contract";
import { PASSWORD_STRENGTH_RULE } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requesterOf } from "~/utils/requester.server";
import { PasswordResetConfirmSchema } from "~/validation/auth";
import { messageSchema } from "~/validation/response-fields";

export const contract = defineContract("/api/auth/password-reset/confirm", {
  post: {
    operationId: "confirmPasswordReset",
    tag: "Authentication",
    auth: { kind: "public" },
    body: {
      schema: PasswordResetConfirmSchema,
      name: "PasswordResetConfirmation",
      example: { token: "kq3V…", password: "Quiet-Orchard-74" },
    },
    docs: () => ({
      fields: { password: `The new password, at least 6 characters. ${PASSWORD_STRENGTH_RULE}` },
      summary: "Set a new password with a reset link",
      description:
        "Takes the token of a /reset-password link and the new password (confirmPassword is optional; sent, it must match). The token works once; every session of the user ends, and the address counts as verified when the link went to the user's current email.",
      success: {
        status: 200,
        description: "The password is set",
        schema: messageSchema(),
        example: { message: PASSWORD_UPDATED },
      },
      errors: { 400: [["The token is unknown, used or lapsed", INVALID_LINK]] },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/password-reset/confirm `{ token, password }`: sets the password and ends every session. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { token, password } = parseWith(contract.post.body.schema, await readJsonBody(request));
  await resetPassword(context.db(), token, password, requesterOf(request, context).pepper);
  return jsonResponse({ message: PASSWORD_UPDATED });
});
