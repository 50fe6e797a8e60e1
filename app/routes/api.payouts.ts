import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { payoutExample, payoutSchema } from "~/domain/money/payout-schema";
import { listPayouts, PAID_AT_TOO_OLD, PAYOUT_RACE, recordPayout } from "~/domain/money/payouts.server";
import { requireApiUser } from "~/http/api-auth.server";
import { defineContract } from "~/http/api-contract";
import { createOnPost } from "~/http/api-routes.server";
import { apiHandler, listResponse, PageSchema, parseQuery, parseWith, readJsonBody } from "~/utils/api.server";
import { PAYOUTS_MANAGERS_ONLY } from "~/validation/payout-methods";
import { PayoutInputSchema, PayoutQuerySchema } from "~/validation/payouts";

export const contract = defineContract("/api/payouts", {
  get: {
    operationId: "listPayouts",
    tag: "Payouts",
    auth: { kind: "key", scope: "commissions:read" },
    query: PayoutQuerySchema.extend(PageSchema.shape),
    docs: () => ({
      summary: "List payouts",
      description:
        "Newest paid first, each with the commissions it settled. A business's owner and team admins see the business's payouts; a connector sees the payouts made to them; platform admins see all. A business key sees its business's, a personal key its owner's as a connector. Filtering by a business where you are only a team member is refused.",
      queryDocs: {
        businessId: { description: "Only this business's payouts" },
        connectorId: { description: "Only payouts to this connector" },
        currency: { description: "Only payouts in this currency" },
      },
      success: {
        status: 200,
        description: "A page of payouts",
        schema: payoutSchema().array(),
        example: [payoutExample],
        list: true,
      },
      errors: { 403: [["businessId names a business where you are only a team member", PAYOUTS_MANAGERS_ONLY]] },
    }),
  },
  post: {
    operationId: "recordPayout",
    tag: "Payouts",
    auth: { kind: "key", scope: "payouts:write" },
    idempotent: true,
    body: {
      schema: PayoutInputSchema,
      name: "PayoutCreate",
      example: {
        businessId: 1,
        connectorId: 3,
        currency: "SGD",
        commissionIds: [7, 9],
        method: "paynow",
        reference: "PN-20261124-0042",
        paidAt: "2026-11-24",
      },
    },
    docs: () => ({
      summary: "Record a payout",
      description:
        "The business's owner or a team admin (or a business key with payouts:write) records a payment to one connector in one currency, settling the listed payable commissions and netting off payable adjustments (negative amounts that claw back a paid commission whose referral changed). In one step: the payout, its commissions marked paid, a ledger entry per item dated paidAt, the activity payment_processed, the connector's notification and receipt email, and the payout.recorded webhook. paidAt is a date (YYYY-MM-DD, stored as midnight UTC) or an ISO 8601 timestamp, not in the future, not more than 90 days back and not before the latest payableAt of the listed items (a date alone counts as that whole day): 400 on paidAt otherwise. The amount is the sum of the listed items; it must be more than zero and at most what is payable to that connector in that currency (so an outstanding adjustment cannot be left out).",
      success: { status: 201, description: "The payout", schema: payoutSchema(), example: payoutExample },
      errors: {
        400: [
          ["paidAt is more than 90 days back", PAID_AT_TOO_OLD],
          [
            "paidAt is before a listed item became payable",
            "The payment date cannot be before Nov 15, 2026, when commission 9 became payable",
          ],
        ],
        403: [["You are a team member, not the owner or a team admin", PAYOUTS_MANAGERS_ONLY]],
        404: [["No such business, or you are not on its team", "Business not found"]],
        409: [
          [
            "A listed commission is still in its hold period",
            "Commission 7 is pending until Dec 24, 2026 and cannot be paid yet",
          ],
          ["A listed commission was reversed", "Commission 7 was reversed and cannot be paid"],
          ["A listed commission is already paid", "Commission 7 is already paid (payout 2); paying twice is refused"],
          ["The listed items net to zero or less", "Nothing to pay: the selected items come to -SGD 30.00"],
          [
            "The total is more than is payable to this connector in this currency (an adjustment was left out)",
            "This pays more than is owed: SGD 50.00 selected, but SGD 20.00 is owed to Jane Tan in SGD. Include the outstanding adjustments.",
          ],
          ["Another payout paid one of these commissions at the same moment", PAYOUT_RACE],
          [
            "The connector has no payout method for this currency",
            "Jane Tan has no payout method for SGD: they must add one in Settings before you can pay them",
          ],
          [
            "The connector's payout methods changed in the last 48 hours",
            "Jane Tan's payouts are on hold until Nov 26, 2026, 9:00 AM UTC: their payout method changed",
          ],
        ],
        422: [
          [
            "A listed commission does not exist, or is another business's, connector's or currency's; the errors name it",
            "Commission not found",
          ],
          ["No such connector", "Connector not found"],
        ],
      },
    }),
  },
});

/**
 * GET /api/payouts: the payouts the caller may see (a business's owner and team admins, its
 * connector, platform admins), filtered by businessId, connectorId and currency, newest first.
 */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request, context, contract.get.auth.scope);
  const query = parseQuery(contract.get.query, request);
  const { items, total } = await listPayouts(context.db(), user, query);
  return listResponse(items, total);
});

/** POST /api/payouts: a business's owner or team admin records a payment to a connector. Idempotency-Key aware. */
export const action = createOnPost(
  (request, context) => requireApiUser(request, context, contract.post.auth.scope),
  async ({ db, user, request }) => recordPayout(db, user, parseWith(contract.post.body.schema, await readJsonBody(request))),
  { allow: ["GET", "POST"] },
);
