import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { payoutSettingsExample, payoutSettingsSchema } from "~/domain/money/payout-request-schema";
import { getPayoutSettings, updatePayoutSettings } from "~/domain/money/payout-settings.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { getOnId, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/utils/api.server";
import { PAYOUTS_MANAGERS_ONLY } from "~/validation/payout-methods";
import { PayoutSettingsSchema } from "~/validation/payout-requests";

const errors = {
  403: [["You are a team member, not the owner or a team admin", PAYOUTS_MANAGERS_ONLY]] as [string, string][],
  404: [["No such business, or you are not on its team", "Business not found"]] as [string, string][],
};

export const contract = defineContract("/api/businesses/{id}/payout-settings", {
  get: {
    operationId: "getPayoutSettings",
    tag: "Payouts",
    auth: { kind: "session" },
    path_params: { id: "Business id" },
    docs: () => ({
      summary: "Get a business's payout minimums and terms",
      description:
        "The owner or a team admin: the least the business pays out per currency (a connector may request a payout once their payable balance reaches it, or is above zero where there is none) and its payout terms, the days it gives itself to pay a request (the request's due date). New businesses have no minimums and 14 days' terms.",
      success: {
        status: 200,
        description: "The payout settings",
        schema: payoutSettingsSchema(),
        example: payoutSettingsExample,
      },
      errors,
    }),
  },
  patch: {
    operationId: "updatePayoutSettings",
    tag: "Payouts",
    auth: { kind: "session" },
    path_params: { id: "Business id" },
    body: {
      schema: PayoutSettingsSchema,
      name: "PayoutSettingsUpdate",
      example: { payoutTermsDays: 14, minimums: { SGD: 5000 } },
    },
    docs: () => ({
      fields: {
        payoutTermsDays: "Days to pay a payout request, 1 to 90",
        minimums:
          "The whole list of minimums, currency code to minor units (cents; JPY and IDR have none); a currency left out, or 0, has no minimum",
      },
      summary: "Change a business's payout minimums or terms",
      description:
        "The owner or a team admin. Send payoutTermsDays, minimums or both; minimums replace the whole list. Open requests keep the due date they were given.",
      success: {
        status: 200,
        description: "The payout settings",
        schema: payoutSettingsSchema(),
        example: payoutSettingsExample,
      },
      errors: {
        400: [["A field is not valid, or neither was sent; the errors say which", "Validation failed"]],
        ...errors,
      },
    }),
  },
});

/** GET: the owner and team admins only (a member 403, anyone else 404). */
export const loader = getOnId(sessionCaller, getPayoutSettings);

/** PATCH: the seat is checked before the body, so others learn nothing, not even validation. */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const user = await requireApiUser(request, context);
  const id = idOrNotFound(params.id);
  const db = context.db();
  await getPayoutSettings(db, user, id);
  return jsonResponse(
    await updatePayoutSettings(db, user, id, parseWith(contract.patch.body.schema, await readJsonBody(request))),
  );
});
