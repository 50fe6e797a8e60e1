import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/models/api-auth.server";
import { toPublicUser } from "~/models/users.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  return jsonResponse(toPublicUser(user));
});

export const action = () => methodNotAllowed(["GET"]);
