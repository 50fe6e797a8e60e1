import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/models/api-auth.server";
import { toBusinessDto } from "~/models/businesses.server";
import { loadWorkplace } from "~/models/workplace.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";

/** GET /api/businesses/me: the business the caller owns (or, failing that, the team they work for). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  // One statement: the business and the caller's seat; its owner and team see its contact details.
  const workplace = await loadWorkplace(context.db(), user);
  if (!workplace) throw notFound("Business profile not found");
  return jsonResponse({ ...toBusinessDto(workplace.business, workplace.business), role: workplace.role });
});

export const action = () => methodNotAllowed(["GET"]);
