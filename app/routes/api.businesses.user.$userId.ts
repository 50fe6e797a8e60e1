import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { businessExample, businessSchema } from "~/domain/businesses/business-schema";
import { getBusinessByUserId } from "~/domain/businesses/businesses.server";
import { getBusinessForViewer } from "~/domain/businesses/listing.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";

export const contract = defineContract("/api/businesses/user/{userId}", {
  get: {
    operationId: "getBusinessByUser",
    tag: "Businesses",
    auth: { kind: "session" },
    path_params: { userId: "The owner's user id" },
    docs: () => ({
      summary: "Get the business a user owns",
      description: "Contact details as for GET /api/businesses/{id}.",
      success: { status: 200, description: "The business", schema: businessSchema(), example: businessExample },
      errors: { 404: [["The user owns no business", "Business not found"]] },
    }),
  },
});

/** GET /api/businesses/user/{userId}: the business that user owns (contact details gated as usual). */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  const db = context.db();
  const business = await getBusinessByUserId(db, idOrNotFound(params.userId));
  if (!business) throw notFound("Business not found");
  return jsonResponse(await getBusinessForViewer(db, user, business.id));
});

export const action = () => methodNotAllowed(["GET"]);
