import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { sessionExample, userSessionSchema } from "~/domain/accounts/user-session-schema";
import { listSessions, SESSION_LIST_LIMIT } from "~/domain/accounts/user-sessions.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/auth/sessions", {
  get: {
    operationId: "listSessions",
    tag: "Authentication",
    auth: { kind: "session" },
    docs: () => ({
      summary: "Your sessions",
      description: `Where your account is signed in: each live session's device (parsed from its browser's User-Agent), client address and country when known, when it signed in and when it was last seen (kept to within 5 minutes), newest first with this session first and current: true; at most ${SESSION_LIST_LIMIT}. Ids are opaque: they name a session to DELETE /api/auth/sessions/{id} and are not its cookie.`,
      success: { status: 200, description: "Your sessions", schema: z.array(userSessionSchema()), example: [sessionExample] },
    }),
  },
});

/**
 * GET /api/auth/sessions: the caller's live sessions (device, where from, last seen), this one first
 * with `current: true`; named by opaque ids (decision 107). A session only: an API key gets 403.
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  return jsonResponse(await listSessions(context.db(), user, context.sessionId));
});

export const action = () => methodNotAllowed(["GET"]);
