import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publicUserSchema, userExample } from "~/domain/accounts/user-schema";
import { toPublicUser } from "~/domain/accounts/users.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const contract = defineContract("/api/auth/me", {
  get: {
    operationId: "getMe",
    tag: "Authentication",
    auth: { kind: "session" },
    docs: () => ({
      summary: "Who am I",
      description: "The signed-in user; emailVerified tells whether their current address has been confirmed.",
      success: { status: 200, description: "The signed-in user", schema: publicUserSchema(), example: userExample },
    }),
  },
});

export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  return jsonResponse(toPublicUser(user));
});

export const action = () => methodNotAllowed(["GET"]);
