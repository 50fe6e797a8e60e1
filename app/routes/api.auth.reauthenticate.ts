import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PASSWORD_INCORRECT } from "~/domain/accounts/reauthentication.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { reauthenticate } from "~/http/reauthentication.server";
import { YOUR_PASSWORD } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { ReauthenticateSchema } from "~/validation/auth";
import { messageSchema } from "~/validation/response-fields";

export const contract = defineContract("/api/auth/reauthenticate", {
  post: {
    operationId: "reauthenticate",
    tag: "Authentication",
    auth: { kind: "session" },
    body: { schema: ReauthenticateSchema, name: "Reauthenticate", example: { password: "Admin1234" } },
    docs: () => ({
      fields: { password: YOUR_PASSWORD },
      summary: "Confirm your password again",
      description:
        "Checks the signed-in user's password and records it on this session: admin changes (suspension, reminders) need a password entered in the last 10 minutes and answer 403 otherwise. Failures count toward a lockout like logins (429 with Retry-After).",
      success: { status: 200, description: "Confirmed", schema: messageSchema(), example: { message: "Password confirmed" } },
      errors: {
        400: [["The password is wrong", PASSWORD_INCORRECT]],
        429: [["Too many wrong passwords (see Retry-After)", "Too many failed attempts. Please try again later."]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/reauthenticate {password}: confirms the signed-in user's password again, so admin
 * changes are allowed for the next 10 minutes (decision 053). A session only; API keys cannot.
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  // A session only: an API key is refused (403), as on every endpoint without a key scope.
  await requireApiUser(request, context);
  const { password } = parseWith(contract.post.body.schema, await readJsonBody(request));
  await reauthenticate(request, context, password);
  return jsonResponse({ message: "Password confirmed" });
});
