import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { updateBusiness } from "~/domain/businesses/businesses.server";
import { getBusinessForViewer, toBusinessDto } from "~/domain/businesses/listing.server";
import { requireBusinessRole } from "~/domain/parties/access.server";
import { getBusinessReputation } from "~/domain/parties/reputation-view.server";
import { requireApiUser } from "~/http/api-auth.server";
import { getOnId, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { BusinessSchema } from "~/validation/business";

export const loader = getOnId(sessionCaller, getBusinessForViewer);

/** PATCH /api/businesses/{id}: the owner or a team admin; others learn nothing, not even validation. */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const user = await requireApiUser(request, context);
  const id = idOrNotFound(params.id);
  const db = context.db();
  await requireBusinessRole(db, user, id, "admin");
  const business = await updateBusiness(db, user, id, parseWith(BusinessSchema, await readJsonBody(request)));
  return jsonResponse(toBusinessDto(business, business, await getBusinessReputation(db, id)));
});
