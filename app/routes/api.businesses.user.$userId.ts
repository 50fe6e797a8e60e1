import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getBusinessByUserId } from "~/domain/businesses/businesses.server";
import { getBusinessForViewer } from "~/domain/businesses/listing.server";
import { requireApiUser } from "~/http/api-auth.server";
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
