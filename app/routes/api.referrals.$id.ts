import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/models/api-auth.server";
import { requireReferralUpdater, requireReferralViewer } from "~/models/referral-access.server";
import { toEnrichedReferralDto } from "~/models/referral-dto.server";
import { referralHistory, updateReferralProgress } from "~/models/referrals.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { ProgressSchema } from "~/validation/referral";

/** GET /api/referrals/{id}: its connector, the business's team, or an admin; anyone else 404. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, "referrals:read");
  const db = context.db();
  const { row } = await requireReferralViewer(db, user, idOrNotFound(params.id));
  return jsonResponse({ ...toEnrichedReferralDto(row, user), history: await referralHistory(db, row.referral.id) });
});

/** PATCH /api/referrals/{id}: the business's owner or team records status, revenue and notes. */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const user = await requireApiUser(request, context, "referrals:write");
  const id = idOrNotFound(params.id);
  const db = context.db();
  // Authorized before the body is read: a stranger learns nothing from validation messages.
  const updatable = await requireReferralUpdater(db, user, id);
  const referral = await updateReferralProgress(db, user, updatable, parseWith(ProgressSchema, await readJsonBody(request)));
  return jsonResponse(referral);
});
