import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/models/api-auth.server";
import { getBusinessByUserId, getBusinessForViewer } from "~/models/businesses.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";

/** GET /api/businesses/user/{userId}: the business that user owns (contact details gated as usual). */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const db = context.db();
  const business = await getBusinessByUserId(db, idOrNotFound(params.userId));
  if (!business) throw notFound("Business not found");
  return jsonResponse(await getBusinessForViewer(db, user, business.id));
});

export const action = () => methodNotAllowed(["GET"]);
