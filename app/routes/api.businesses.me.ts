import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { myBusinessExample, myBusinessSchema } from "~/domain/businesses/business-schema";
import { toBusinessDto } from "~/domain/businesses/listing.server";
import { toWorkplace, workplaceQuery } from "~/domain/parties/access.server";
import { toBusinessReputation, workplaceReputationQuery } from "~/domain/parties/reputation-view.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";

export const contract = defineContract("/api/businesses/me", {
  get: {
    operationId: "getMyBusiness",
    tag: "Businesses",
    auth: { kind: "session" },
    docs: () => ({
      summary: "Your business",
      description: "The business you own or, failing that, the one whose team you are on, with your role in it.",
      success: { status: 200, description: "The business and your role", schema: myBusinessSchema(), example: myBusinessExample },
      errors: { 404: [["You neither own nor work for a business", "Business profile not found"]] },
    }),
  },
});

/** GET /api/businesses/me: the business the caller owns (or, failing that, the team they work for). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  // One batch: the business and the caller's seat (its owner and team see its contact details), and
  // its reputation.
  const db = context.db();
  const [seats, reputation] = await db.batch([workplaceQuery(db, { userId: user.id }), workplaceReputationQuery(db, user.id)]);
  const workplace = toWorkplace(seats, user.id);
  if (!workplace) throw notFound("Business profile not found");
  const business = workplace.business;
  return jsonResponse({ ...toBusinessDto(business, business, toBusinessReputation(reputation[0])), role: workplace.role });
});

export const action = () => methodNotAllowed(["GET"]);
