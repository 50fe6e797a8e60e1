import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toPublicUser } from "~/models/users.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/api-auth.server";

export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  return jsonResponse(toPublicUser(user));
});

export const action = () => methodNotAllowed(["GET"]);
