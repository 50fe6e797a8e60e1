import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { INVALID_LINK, verifyEmail } from "~/domain/accounts/auth-tokens.server";
import { publicUserSchema, userExample } from "~/domain/accounts/user-schema";
import { toPublicUser } from "~/domain/accounts/users.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { VerifyEmailSchema } from "~/validation/auth";

export const contract = defineContract("/api/auth/verify-email", {
  post: {
    operationId: "verifyEmail",
    tag: "Authentication",
    auth: { kind: "public" },
    body: { schema: VerifyEmailSchema, name: "EmailVerification", example: { token: "kq3V…" } },
    docs: () => ({
      summary: "Confirm an email address",
      description:
        "Takes the token of a /verify-email link (mailed at signup, at an email change and on request). No session is needed. A token works once, for 3 days, and only while its address is still the user's email.",
      success: {
        status: 200,
        description: "The user, now with emailVerified true",
        schema: publicUserSchema(),
        example: userExample,
      },
      errors: { 400: [["The token is unknown, used, lapsed or for an address the user no longer has", INVALID_LINK]] },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/verify-email `{ token }`: the link's token proves the address; no session needed. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { token } = parseWith(contract.post.body.schema, await readJsonBody(request));
  const user = await verifyEmail(context.db(), token);
  return jsonResponse(toPublicUser(user));
});
