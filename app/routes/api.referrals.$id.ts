import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { referralUpdaterSelect, requireReferralViewer, toReferralUpdater } from "~/domain/referrals/access.server";
import { toEnrichedReferralDto } from "~/domain/referrals/dto.server";
import {
  enrichedReferralExample,
  enrichedReferralSchema,
  referralDetailExample,
  referralDetailSchema,
} from "~/domain/referrals/referral-schema";
import { referralHistory, updateReferralProgress } from "~/domain/referrals/referrals.server";
import { requireApiUser, requireApiUserWith } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { apiHandler, idOrNotFound, idOrNull, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { notFound } from "~/utils/errors.server";
import { ProgressSchema } from "~/validation/referral";

export const contract = defineContract("/api/referrals/{id}", {
  get: {
    operationId: "getReferral",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:read" },
    path_params: { id: "Referral id" },
    docs: () => ({
      summary: "Get a referral",
      description:
        "One referral with its status history. Its connector, the business's owner and team, and platform admins may see it; anyone else gets 404.",
      success: {
        status: 200,
        description: "The referral and its history",
        schema: referralDetailSchema(),
        example: referralDetailExample,
      },
      errors: { 404: [["No such referral, or not yours to see", "Referral not found"]] },
    }),
  },
  patch: {
    operationId: "updateReferral",
    tag: "Referrals",
    auth: { kind: "key", scope: "referrals:write" },
    path_params: { id: "Referral id" },
    body: {
      schema: ProgressSchema,
      name: "ReferralProgress",
      example: { status: "completed", revenueReceived: 1234.5, revenueCurrency: "SGD", statusNotes: "Signed a yearly plan" },
    },
    docs: () => ({
      fields: {
        status: "The new status; any status may follow any other",
        revenueReceived: "Revenue received from the referred person, at most two decimals; null or absent clears it",
        revenueCurrency: "Currency of the revenue",
        statusNotes:
          "A note for the connector, kept in the referral's history. Needed when rejectionReason is other, and when a completed or rejected referral moves to another status (why it is reopened).",
        rejectionReason:
          "Needed when status is rejected: not_a_fit, already_a_customer, could_not_reach, duplicate or other (other needs statusNotes). Ignored, and cleared, with any other status. The connector sees it.",
        cashbackProposal:
          "Your answer to the connector's open cashback proposal, with any update: accept (the referral pays the connector's cashbackPercentage) or decline (it pays the frozen fee). Absent or null leaves it as it stands: an open proposal stays open and the frozen fee pays meanwhile. 409 when there is no open proposal to answer (the same answer again is accepted as a no-op).",
      },
      summary: "Record a referral's progress",
      description:
        "The business's owner or team records the status, revenue and a note. The fee is computed by the server (revenue × cashback percentage). A rejection names its rejectionReason (other needs a note); moving a completed or rejected referral to another status needs a note saying why (400 with the field's message otherwise). The connector is notified; a status change fires referral.status_changed webhooks. Every update is kept in the history.",
      success: {
        status: 200,
        description: "The updated referral",
        schema: enrichedReferralSchema(),
        example: enrichedReferralExample,
      },
      errors: {
        403: [
          [
            "You are its connector or a platform admin: only the business updates it",
            "Only the business can update this referral",
          ],
        ],
        404: [["No such referral, or not yours to see", "Referral not found"]],
      },
    }),
  },
});

/** GET /api/referrals/{id}: its connector, the business's team, or an admin; anyone else 404. */
export const loader = apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, contract.get.auth.scope);
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
    await requireApiUser(request, context, contract.patch.auth.scope);
    throw notFound("Not found");
  }
  // Authorized before the body is read: a stranger learns nothing from validation messages. The
  // referral is read in the caller's own lookup (decision 102).
  const { user, results } = await requireApiUserWith(request, context, contract.patch.auth.scope, (viewer) => [
    referralUpdaterSelect(db, viewer, id),
  ]);
  const updatable = toReferralUpdater(user, results[0]);
  const referral = await updateReferralProgress(
    db,
    user,
    updatable,
    parseWith(contract.patch.body.schema, await readJsonBody(request)),
  );
  return jsonResponse(referral);
});
