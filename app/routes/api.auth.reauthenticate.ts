import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/http/api-auth.server";
import { reauthenticate } from "~/http/reauthentication.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { ReauthenticateSchema } from "~/validation/auth";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/auth/reauthenticate {password}: confirms the signed-in user's password again, so admin
 * changes are allowed for the next 10 minutes (decision 053). A session only; API keys cannot.
 */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  // A session only: an API key is refused (403), as on every endpoint without a key scope.
  await requireApiUser(request, context);
  const { password } = parseWith(ReauthenticateSchema, await readJsonBody(request));
  await reauthenticate(request, context, password);
  return jsonResponse({ message: "Password confirmed" });
});
