import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { referralUpdaterSelect, requireReferralViewer, toReferralUpdater } from "~/domain/referrals/access.server";
import { toEnrichedReferralDto } from "~/domain/referrals/dto.server";
import { referralHistory, updateReferralProgress } from "~/domain/referrals/referrals.server";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { apiHandler, idOrNotFound, idOrNull, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
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
  const db = context.db();
  const id = idOrNull(params.id);
  if (id === null) {
    // Who asks is settled first: a stranger gets 401 for any id, as for every route here.
    await requireApiUser(request, context, "referrals:write");
    throw notFound("Not found");
  }
  // Authorized before the body is read: a stranger learns nothing from validation messages. The
  // referral is read in the caller's own lookup (decision 102).
  const { user, results } = await requireApiUserWith(request, context, "referrals:write", (viewer) => [
    referralUpdaterSelect(db, viewer, id),
  ]);
  const updatable = toReferralUpdater(user, results[0]);
  const referral = await updateReferralProgress(db, user, updatable, parseWith(ProgressSchema, await readJsonBody(request)));
  return jsonResponse(referral);
});
