import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toPublicUser } from "~/domain/accounts/users.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  return jsonResponse(toPublicUser(user));
});

export const action = () => methodNotAllowed(["GET"]);
