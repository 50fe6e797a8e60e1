import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { payoutRequestExample, payoutRequestSchema } from "~/domain/money/payout-request-schema";
import { BUSINESS_NOT_FOUND, listPayoutRequests, NOT_A_CONNECTOR, requestPayout } from "~/domain/money/payout-requests.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { createOnPost, sessionCaller } from "~/http/api-routes.server";
import { apiHandler, listResponse, PageSchema, parseQuery, parseWith, readJsonBody } from "~/utils/api.server";
import { PAYOUTS_MANAGERS_ONLY } from "~/validation/payout-methods";
import { PayoutRequestInputSchema, PayoutRequestQuerySchema } from "~/validation/payout-requests";

export const contract = defineContract("/api/payout-requests", {
  get: {
    operationId: "listPayoutRequests",
    tag: "Payouts",
    auth: { kind: "key", scope: "commissions:read" },
    query: PayoutRequestQuerySchema.extend(PageSchema.shape),
    docs: () => ({
      summary: "List payout requests",
      description:
        "Newest first. A connector sees their own requests; a business's owner and team admins see the business's; platform admins see all. A business key sees its business's, a personal key its owner's own. Filtering by a business where you are only a team member is refused.",
      queryDocs: {
        businessId: { description: "Only requests to this business" },
        connectorId: { description: "Only requests of this connector" },
        currency: { description: "Only requests in this currency" },
        state: {
          description:
            "open: every unpaid request (overdue ones too); overdue: unpaid past the due date; paid: settled by a payout",
        },
      },
      success: {
        status: 200,
        description: "A page of payout requests",
        schema: payoutRequestSchema().array(),
        example: [payoutRequestExample],
        list: true,
      },
      errors: { 403: [["businessId names a business where you are only a team member", PAYOUTS_MANAGERS_ONLY]] },
    }),
  },
  post: {
    operationId: "requestPayout",
    tag: "Payouts",
    auth: { kind: "session" },
    idempotent: true,
    body: { schema: PayoutRequestInputSchema, name: "PayoutRequestCreate", example: { businessId: 1, currency: "SGD" } },
    docs: () => ({
      fields: { businessId: "The business that owes you", currency: "The currency of the balance you ask to be paid" },
      summary: "Request a payout",
      description:
        "A connector asks a business to pay what it owes them in one currency: their payable balance there (payable commissions net of payable adjustments) must be above zero and at least the business's minimum for that currency. The request keeps that amount and is due after the business's payout terms (GET /api/businesses/{id}/payout-settings). In one step: the request, a notification and an email to the business's owner and team admins, and the payout.requested webhook. One open request per business and currency; the next payout recorded to you in that currency settles it. A session only: API keys are refused.",
      success: { status: 201, description: "The payout request", schema: payoutRequestSchema(), example: payoutRequestExample },
      errors: {
        403: [["You have no connector profile (or call with an API key)", NOT_A_CONNECTOR]],
        404: [["No such business", BUSINESS_NOT_FOUND]],
        409: [
          [
            "Your payable balance is below the business's minimum (the message names it)",
            "Acme Corporation pays out at least SGD 50.00: SGD 20.00 is payable to you, below the minimum",
          ],
          ["Nothing is payable to you there in that currency", "Nothing is payable to you by Acme Corporation in SGD yet"],
          [
            "You already have an open request there in that currency",
            "You already have an open payout request to Acme Corporation in SGD, due by Dec 8, 2026",
          ],
        ],
      },
    }),
  },
});

/** GET /api/payout-requests: the requests the caller may see, filtered, newest first. */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, contract.get.auth.scope);
  const query = parseQuery(contract.get.query, request);
  const { items, total } = await listPayoutRequests(context.db(), user, query);
  return listResponse(items, total);
});

/** POST /api/payout-requests: a connector asks to be paid. Idempotency-Key aware. */
export const action = createOnPost(
  sessionCaller,
  async ({ db, user, request }) => requestPayout(db, user, parseWith(contract.post.body.schema, await readJsonBody(request))),
  { allow: ["GET", "POST"] },
);
