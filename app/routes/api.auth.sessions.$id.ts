import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { sessionExample } from "~/domain/accounts/user-session-schema";
import { endSession, SESSION_NOT_FOUND } from "~/domain/accounts/user-sessions.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
import { messageSchema } from "~/validation/response-fields";

export const contract = defineContract("/api/auth/sessions/{id}", {
  delete: {
    operationId: "endSession",
    tag: "Authentication",
    auth: { kind: "session" },
    path_params: {
      id: z.string().meta({ description: "The session's id from GET /api/auth/sessions", example: sessionExample.id }),
    },
    docs: () => ({
      summary: "Sign out one session",
      description:
        "Ends one of your sessions at once (its cookie answers 401 from now on); this session's own id logs you out. An id that is not one of your live sessions answers 404, whoever's it is.",
      success: { status: 200, description: "Signed out", schema: messageSchema(), example: { message: "Session ended" } },
      errors: { 404: [["Not one of your live sessions", SESSION_NOT_FOUND]] },
    }),
  },
});

export const loader = () => methodNotAllowed(["DELETE"]);

/**
 * DELETE /api/auth/sessions/{id}: ends one of the caller's sessions (the current one too: a logout).
 * Someone else's id answers exactly like an unknown one, 404.
 */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireApiUser(request, context);
  const id = params.id ?? "";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw notFound(SESSION_NOT_FOUND);
  await endSession(context.db(), user, id);
  return jsonResponse({ message: "Session ended" });
});
