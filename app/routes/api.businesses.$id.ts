import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BUSINESS_FIELD_DOCS, businessExample, businessSchema } from "~/domain/businesses/business-schema";
import { updateBusiness } from "~/domain/businesses/businesses.server";
import { getBusinessForViewer, toBusinessDto } from "~/domain/businesses/listing.server";
import { requireBusinessRole } from "~/domain/parties/access.server";
import { getBusinessReputation } from "~/domain/parties/reputation-view.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { getOnId, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { BusinessSchema } from "~/validation/business";

export const contract = defineContract("/api/businesses/{id}", {
  get: {
    operationId: "getBusiness",
    tag: "Businesses",
    auth: { kind: "session" },
    path_params: { id: "Business id" },
    docs: () => ({
      summary: "Get a business",
      description: "Contact details only when you have referred to it, work for it, or are an admin.",
      success: { status: 200, description: "The business", schema: businessSchema(), example: businessExample },
      errors: { 404: [["No such business", "Business not found"]] },
    }),
  },
  patch: {
    operationId: "updateBusiness",
    tag: "Businesses",
    auth: { kind: "session" },
    path_params: { id: "Business id" },
    body: {
      schema: BusinessSchema,
      name: "BusinessUpdate",
      example: {
        companyName: "Acme Corporation",
        uen: "201912345K",
        address: "1 Raffles Place, #20-01, Singapore 048616",
        referralFee: "12%",
        referralTerms: "12% of the first year's subscription, paid within 30 days of signing.",
        contactPerson: "Alex Lim",
        contactPhone: "+65 6123 4567",
        contactEmail: "partners@acme.example.com",
      },
    },
    docs: () => ({
      fields: BUSINESS_FIELD_DOCS,
      summary: "Update a business",
      description: "The owner or a team admin; every field of the business form is sent (as on register).",
      success: { status: 200, description: "The updated business", schema: businessSchema(), example: businessExample },
      errors: {
        403: [["You are a team member, not the owner or a team admin", "You do not have permission to do this"]],
        404: [["No such business, or you are not on its team", "Business not found"]],
        409: [["The UEN is taken", "This UEN is already registered"]],
      },
    }),
  },
});

export const loader = getOnId(sessionCaller, getBusinessForViewer);

/** PATCH /api/businesses/{id}: the owner or a team admin; others learn nothing, not even validation. */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const user = await requireApiUser(request, context);
  const id = idOrNotFound(params.id);
  const db = context.db();
  await requireBusinessRole(db, user, id, "admin");
  const business = await updateBusiness(db, user, id, parseWith(contract.patch.body.schema, await readJsonBody(request)));
  return jsonResponse(toBusinessDto(business, business, await getBusinessReputation(db, id)));
});
