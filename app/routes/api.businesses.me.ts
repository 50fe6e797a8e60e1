import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { workplaceOf } from "~/models/access.server";
import { getBusinessForViewer } from "~/models/businesses.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { notFound } from "~/utils/errors.server";

/** GET /api/businesses/me: the business the caller owns (or, failing that, the team they work for). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const db = context.db();
  const workplace = await workplaceOf(db, user);
  if (!workplace) throw notFound("Business profile not found");
  return jsonResponse({ ...(await getBusinessForViewer(db, user, workplace.businessId)), role: workplace.role });
});

export const action = () => methodNotAllowed(["GET"]);
