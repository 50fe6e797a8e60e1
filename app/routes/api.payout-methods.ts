import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { SECOND_FACTOR_NEEDED } from "~/domain/accounts/two-factor.server";
import { payoutMethodExample, payoutMethodSchema } from "~/domain/money/payout-method-schema";
import {
  ADMINS_HAVE_NO_METHODS,
  addPayoutMethod,
  assertPayoutMethodsCaller,
  BUSINESS_KEY_NO_METHODS,
  listPayoutMethods,
} from "~/domain/money/payout-methods.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { createOnPost, sessionCaller } from "~/http/api-routes.server";
import {
  confirmPayoutMethodChange,
  PAYOUT_METHOD_ERRORS,
  PAYOUT_METHOD_FIELDS,
  parsePayoutMethodBody,
} from "~/http/payout-method-input.server";
import { apiHandler, parsePage, readJsonBody, wholeListResponse } from "~/utils/api.server";
import { PayoutMethodBodySchema } from "~/validation/payout-methods-on-file";

export const contract = defineContract("/api/payout-methods", {
  get: {
    operationId: "listPayoutMethods",
    tag: "Payouts",
    auth: { kind: "key", scope: "commissions:read" },
    docs: () => ({
      summary: "List your payout methods",
      description:
        "Where businesses pay you: your payout methods on file, masked (the details are sealed and shown whole only to a paying business's owner and team admins at payout time). Defaults first, per currency. A session, or a personal key with commissions:read.",
      success: {
        status: 200,
        description: "Your methods, masked",
        schema: z.array(payoutMethodSchema()),
        example: [payoutMethodExample],
        list: true,
      },
      errors: {
        403: [
          ["Platform admins are paid nothing", ADMINS_HAVE_NO_METHODS],
          ["A business key", BUSINESS_KEY_NO_METHODS],
        ],
      },
    }),
  },
  post: {
    operationId: "addPayoutMethod",
    tag: "Payouts",
    auth: { kind: "session" },
    idempotent: true,
    body: {
      schema: PayoutMethodBodySchema,
      name: "PayoutMethodInput",
      example: { kind: "paynow", currency: "SGD", accountHolder: "Jane Tan", proxyType: "mobile", proxy: "+6591234567" },
    },
    docs: () => ({
      fields: PAYOUT_METHOD_FIELDS,
      summary: "Add a payout method",
      description:
        'Needs your password from the last 10 minutes (POST /api/auth/reauthenticate {"password"}) and, with two-factor on, a code. The method becomes its currency\'s default when asked or when the currency has none. Your verified address is mailed, and payouts to you are held for 48 hours (a new destination is the common account-takeover path).',
      success: { status: 201, description: "The method, masked", schema: payoutMethodSchema(), example: payoutMethodExample },
      errors: {
        400: [
          ["A field does not fit its kind; the errors name it", "Validation failed"],
          ["Two-factor is on and no code was given", SECOND_FACTOR_NEEDED],
        ],
        ...PAYOUT_METHOD_ERRORS,
        409: [
          [
            "Another change made a default for this currency at the same moment",
            "Your payout methods changed meanwhile. Reload and try again.",
          ],
        ],
      },
    }),
  },
});

/** GET /api/payout-methods: the caller's methods, masked. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, contract.get.auth.scope);
  return wholeListResponse(await listPayoutMethods(context.db(), user), parsePage(request));
});

/** POST /api/payout-methods: adds a method (recent password, second factor where on). Idempotency-Key aware. */
export const action = createOnPost(
  sessionCaller,
  async ({ db, user, request, context }) => {
    assertPayoutMethodsCaller(user); // who may, before what the body says
    const { input, code } = parsePayoutMethodBody(await readJsonBody(request));
    return addPayoutMethod(db, context.cloudflare.env, user, input, await confirmPayoutMethodChange(context, user, code));
  },
  { allow: ["GET", "POST"] },
);
