import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireBusinessRole } from "~/models/access.server";
import { listReferrals, toEnrichedReferralDto } from "~/models/referrals.server";
import { apiHandler, listResponse, methodNotAllowed, parseId, parsePage } from "~/utils/api.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { referralFilters } from "~/utils/referral-filters";

/** GET /api/referrals/business/{id}: the business's owner, team or an admin; enriched per the SPEC. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, "referrals:read");
  const db = context.db();
  const businessId = parseId(params.id);
  await requireBusinessRole(db, user, businessId, "member", { allowPlatformAdmin: true });
  const { rows, total } = await listReferrals(
    db,
    { businessId },
    { ...referralFilters(new URL(request.url)), ...parsePage(request) },
  );
  return listResponse(rows.map(toEnrichedReferralDto), total);
});

export const action = () => methodNotAllowed(["GET"]);
