import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { verifyEmail } from "~/domain/accounts/auth-tokens.server";
import { toPublicUser } from "~/domain/accounts/users.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { VerifyEmailSchema } from "~/validation/auth";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/verify-email `{ token }`: the link's token proves the address; no session needed. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { token } = parseWith(VerifyEmailSchema, await readJsonBody(request));
  const user = await verifyEmail(context.db(), token);
  return jsonResponse(toPublicUser(user));
});
