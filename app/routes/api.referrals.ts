import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/models/api-auth.server";
import { listReferralPage } from "~/models/referral-list.server";
import { createReferral } from "~/models/referrals.server";
import { apiHandler, jsonResponse, listResponse, methodNotAllowed, parsePage, parseWith, readJsonBody } from "~/utils/api.server";
import { requireSecrets } from "~/utils/env.server";
import { forbidden } from "~/utils/errors.server";
import { idempotent } from "~/utils/idempotency.server";
import { referralFilters } from "~/utils/referral-filters";
import { ReferralSchema } from "~/validation/referral";

/** GET /api/referrals: every referral on the platform, for platform admins only. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context);
  if (!user.isAdmin) throw forbidden("Admin access required");
  const { items, total } = await listReferralPage(
    context.db(),
    {},
    { ...referralFilters(new URL(request.url)), ...parsePage(request) },
  );
  return listResponse(items, total);
});

/**
 * POST /api/referrals: a person (or personal key) refers as their own connector profile; a business
 * key records a referral for a named connector into its own business. Idempotency-Key aware.
 */
export const action = apiHandler(
  idempotent(async ({ request, context }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const user = await requireApiUser(request, context, "referrals:write");
    const input = parseWith(ReferralSchema, await readJsonBody(request));
    const referral = await createReferral(context.db(), user, input, requireSecrets(context.cloudflare.env).passwordPepper);
    return jsonResponse(referral, { status: 201 });
  }),
);
