import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { destroyUserSession } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return jsonResponse({ message: "Logged out" }, { headers: { "Set-Cookie": await destroyUserSession(request, context) } });
});
