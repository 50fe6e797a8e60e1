import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { otherSessionsEndedSchema } from "~/domain/accounts/user-session-schema";
import { endOtherSessions } from "~/domain/accounts/user-sessions.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/auth/sessions/revoke-others", {
  post: {
    operationId: "endOtherSessions",
    tag: "Authentication",
    auth: { kind: "session" },
    docs: () => ({
      summary: "Sign out other sessions",
      description: "Ends every session of yours except this one; answers how many ended.",
      success: {
        status: 200,
        description: "The other sessions are ended",
        schema: otherSessionsEndedSchema(),
        example: { message: "Other sessions signed out", ended: 2 },
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/sessions/revoke-others: ends every session of the caller but this one; `{ message, ended }`. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request, context);
  const ended = await endOtherSessions(context.db(), user, context.sessionId);
  return jsonResponse({ message: "Other sessions signed out", ended });
});
