import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { authenticate, toPublicUser } from "~/models/users.server";
import { apiHandler, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { requesterOf } from "~/utils/requester.server";
import { createUserSession } from "~/utils/session.server";
import { LoginSchema } from "~/validation/auth";

export const loader = () => methodNotAllowed(["POST"]);

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = parseWith(LoginSchema, await readJsonBody(request));
  const user = await authenticate(context.db(), input, requesterOf(request, context));
  return jsonResponse(toPublicUser(user), {
    headers: { "Set-Cookie": await createUserSession(request, context, user.id) },
  });
});
