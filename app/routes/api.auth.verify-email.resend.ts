import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  ALREADY_VERIFIED,
  NO_ADDRESS,
  RESEND_DAILY_LIMIT,
  RESEND_TOO_SOON,
  resendVerification,
  verificationSentMessage,
} from "~/domain/accounts/auth-tokens.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { CROSS_SITE, KEY_REFUSED } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { messageSchema } from "~/validation/response-fields";

export const contract = defineContract("/api/auth/verify-email/resend", {
  post: {
    operationId: "resendEmailVerification",
    tag: "Authentication",
    auth: { kind: "session" },
    docs: () => ({
      summary: "Send a new verification link",
      description:
        "Mails a fresh /verify-email link to your current address. At most one a minute and five a day (429 with Retry-After past that).",
      success: {
        status: 202,
        description: "The link is on its way",
        schema: messageSchema(),
        example: { message: verificationSentMessage("jane@example.com") },
      },
      errors: {
        400: [["Your profile has no email address", NO_ADDRESS]],
        403: [KEY_REFUSED, CROSS_SITE],
        409: [["The address is verified already", ALREADY_VERIFIED]],
        429: [
          ["A link was sent less than a minute ago", RESEND_TOO_SOON],
          ["Five links were sent in the last day", RESEND_DAILY_LIMIT],
        ],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/verify-email/resend: a fresh link to the caller's address (throttled; 202, mail is queued). */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  const email = await resendVerification(context.db(), user);
  return jsonResponse({ message: verificationSentMessage(email) }, { status: 202 });
});
