import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { resendVerification, verificationSentMessage } from "~/domain/accounts/auth-tokens.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/verify-email/resend: a fresh link to the caller's address (throttled; 202, mail is queued). */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  const email = await resendVerification(context.db(), user);
  return jsonResponse({ message: verificationSentMessage(email) }, { status: 202 });
});
