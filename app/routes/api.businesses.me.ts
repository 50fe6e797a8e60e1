import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toBusinessDto } from "~/domain/businesses/listing.server";
import { toWorkplace, workplaceQuery } from "~/domain/parties/access.server";
import { toBusinessReputation, workplaceReputationQuery } from "~/domain/parties/reputation-view.server";
import { requireApiUser } from "~/http/api-auth.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";

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
