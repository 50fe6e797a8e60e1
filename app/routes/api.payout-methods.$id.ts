import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { SECOND_FACTOR_NEEDED } from "~/domain/accounts/two-factor.server";
import { payoutMethodExample, payoutMethodRemovedSchema, payoutMethodSchema } from "~/domain/money/payout-method-schema";
import {
  changePayoutMethod,
  ownPayoutMethod,
  PAYOUT_METHOD_NOT_FOUND,
  PAYOUT_METHODS_SESSION_ONLY,
  removePayoutMethod,
} from "~/domain/money/payout-methods.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import {
  confirmPayoutMethodChange,
  PAYOUT_METHOD_ERRORS,
  PAYOUT_METHOD_FIELDS,
  parsePayoutMethodBody,
} from "~/http/payout-method-input.server";
import { apiHandler, idOrNotFound, jsonResponse, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { PayoutMethodBodySchema } from "~/validation/payout-methods-on-file";

export const contract = defineContract("/api/payout-methods/{id}", {
  patch: {
    operationId: "changePayoutMethod",
    tag: "Payouts",
    auth: { kind: "session" },
    path_params: { id: "Payout method id" },
    body: {
      schema: PayoutMethodBodySchema,
      name: "PayoutMethodInput",
      example: {
        kind: "paynow",
        currency: "SGD",
        accountHolder: "Jane Tan",
        proxyType: "mobile",
        proxy: "+6598765432",
        makeDefault: true,
      },
    },
    docs: () => ({
      fields: PAYOUT_METHOD_FIELDS,
      summary: "Change a payout method",
      description:
        "Replaces the method's details (all its fields, as when adding it); makeDefault makes it its currency's default. The same confirmations as adding one (a recent password, the code where two-factor is on), the same mail, and the same 48-hour hold on payouts to you.",
      success: { status: 200, description: "The method, masked", schema: payoutMethodSchema(), example: payoutMethodExample },
      errors: {
        400: [
          ["A field does not fit its kind; the errors name it", "Validation failed"],
          ["Two-factor is on and no code was given", SECOND_FACTOR_NEEDED],
        ],
        403: PAYOUT_METHOD_ERRORS[403],
        404: [["No such method of yours (or it was removed, or you have no connector profile)", PAYOUT_METHOD_NOT_FOUND]],
      },
    }),
  },
  delete: {
    operationId: "removePayoutMethod",
    tag: "Payouts",
    auth: { kind: "session" },
    path_params: { id: "Payout method id" },
    docs: () => ({
      summary: "Remove a payout method",
      description:
        "No money goes to it afterwards (a currency left without a default cannot be paid until you add or choose one). Your verified address is told.",
      success: {
        status: 200,
        description: "It is removed",
        schema: payoutMethodRemovedSchema(),
        example: { id: 4, removed: true },
      },
      errors: {
        403: [["An API key cannot change payout methods", PAYOUT_METHODS_SESSION_ONLY]],
        404: [["No such method of yours (or it was removed)", PAYOUT_METHOD_NOT_FOUND]],
      },
    }),
  },
});

export const loader = () => methodNotAllowed(["PATCH", "DELETE"]);

/** PATCH /api/payout-methods/{id} (a change: recent password, code where on) and DELETE (removed, kept as history). */
export const action = apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  const user = await requireApiUser(request, context);
  const id = idOrNotFound(params.id);
  const db = context.db();
  if (request.method === "DELETE") return jsonResponse(await removePayoutMethod(db, user, id));
  // Whose method it is before what the body says (a stranger's bad body is a 404, not a 400).
  const method = await ownPayoutMethod(db, user, id);
  const { input, code } = parsePayoutMethodBody(await readJsonBody(request));
  const confirmed = await confirmPayoutMethodChange(context, user, code);
  return jsonResponse(await changePayoutMethod(db, context.cloudflare.env, user, method, input, confirmed));
});
