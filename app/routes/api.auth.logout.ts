import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { defineContract } from "~/http/api-contract";
import { CROSS_SITE, SET_COOKIE_HEADER } from "~/openapi/operation-parts";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { destroyUserSession } from "~/utils/session.server";
import { messageSchema } from "~/validation/response-fields";

export const contract = defineContract("/api/auth/logout", {
  post: {
    operationId: "logout",
    tag: "Authentication",
    auth: { kind: "public" },
    docs: () => ({
      summary: "Log out",
      description:
        "Ends this session (the cookie stops working everywhere) and clears the cookie. Answers 200 without a session too.",
      success: {
        status: 200,
        description: "Logged out",
        schema: messageSchema(),
        example: { message: "Logged out" },
        headers: SET_COOKIE_HEADER,
      },
      errors: { 403: [CROSS_SITE] },
    }),
  },
});

export const loader = () => methodNotAllowed(["POST"]);

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return jsonResponse({ message: "Logged out" }, { headers: { "Set-Cookie": await destroyUserSession(request, context) } });
});
