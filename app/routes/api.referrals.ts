import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createReferral, listReferrals } from "~/models/referrals.server";
import { apiHandler, jsonResponse, listResponse, methodNotAllowed, parsePage, parseWith, readJsonBody } from "~/utils/api.server";
import { forbidden } from "~/utils/errors.server";
import { referralFilters } from "~/utils/referral-filters";
import { requireApiUser } from "~/utils/session.server";
import { ReferralSchema } from "~/validation/referral";

/** GET /api/referrals: every referral on the platform, for platform admins only. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  if (!user.isAdmin) throw forbidden("Admin access required");
  const { items, total } = await listReferrals(
    context.db(),
    {},
    { ...referralFilters(new URL(request.url)), ...parsePage(request) },
  );
  return listResponse(items, total);
});

/** POST /api/referrals: the caller refers someone as their own connector profile. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request, context);
  const referral = await createReferral(context.db(), user, parseWith(ReferralSchema, await readJsonBody(request)));
  return jsonResponse(referral, { status: 201 });
});
