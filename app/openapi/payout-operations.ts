import * as z from "zod";
import { CURRENCIES } from "../../db/enums";
import { PAID_AT_TOO_OLD, PAYOUT_BACKDATE_DAYS, PAYOUT_RACE } from "../domain/money/payouts.server";
import { PageSchema } from "../utils/api.server";
import { PAYOUTS_MANAGERS_ONLY } from "../validation/payout-methods";
import { PayoutInputSchema } from "../validation/payouts";
import type { Operation } from "./document.server";
import { PayoutSchema } from "./schemas";

/** Issue 17's payouts in the OpenAPI document (decision 065). */

const payoutExample = {
  id: 2,
  businessId: 1,
  connectorId: 3,
  currency: "SGD",
  amountMinor: 12345,
  amount: "123.45",
  method: "paynow",
  reference: "PN-20261124-0042",
  paidAt: "2026-11-24T00:00:00.000Z",
  recordedByUserId: 4,
  createdAt: "2026-11-24T08:00:00.000Z",
  commissionIds: [7, 9],
} satisfies z.infer<typeof PayoutSchema>;

/** The body as documented: paidAt is read from a string (the schema turns it into a Date). */
const PayoutBodySchema = PayoutInputSchema.extend({
  paidAt: PayoutInputSchema.shape.paidAt.meta({
    description: `The day paid (YYYY-MM-DD, stored as midnight UTC) or an ISO 8601 timestamp with its offset; not in the future, not more than ${PAYOUT_BACKDATE_DAYS} days back, and not before the latest moment one of the listed items became payable (a date alone counts as that whole day)`,
    example: "2026-11-24",
  }),
});

const payoutQuery = z.object({
  businessId: z.int().positive().optional().meta({ description: "Only this business's payouts" }),
  connectorId: z.int().positive().optional().meta({ description: "Only payouts to this connector" }),
  currency: z.enum(CURRENCIES).optional().meta({ description: "Only payouts in this currency" }),
  limit: PageSchema.shape.limit.meta({ description: "Page size, 1 to 500" }),
  offset: PageSchema.shape.offset.meta({ description: "How many items to skip" }),
});

export const PAYOUT_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/payouts",
    operationId: "recordPayout",
    tag: "Payouts",
    summary: "Record a payout",
    description:
      "The business's owner or a team admin (or a business key with payouts:write) records a payment to one connector in one currency, settling the listed payable commissions and netting off payable adjustments (negative amounts that claw back a paid commission whose referral changed). In one step: the payout, its commissions marked paid, a ledger entry per item dated paidAt, the activity payment_processed, the connector's notification and receipt email, and the payout.recorded webhook. paidAt is a date (YYYY-MM-DD, stored as midnight UTC) or an ISO 8601 timestamp, not in the future, not more than 90 days back and not before the latest payableAt of the listed items (a date alone counts as that whole day): 400 on paidAt otherwise. The amount is the sum of the listed items; it must be more than zero and at most what is payable to that connector in that currency (so an outstanding adjustment cannot be left out).",
    auth: { kind: "key", scope: "payouts:write" },
    idempotent: true,
    body: {
      schema: PayoutBodySchema,
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
    success: { status: 201, description: "The payout", schema: PayoutSchema, example: payoutExample },
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
        ["A listed commission is still in its hold period", "Commission 7 is pending until Dec 24, 2026 and cannot be paid yet"],
        ["A listed commission was reversed", "Commission 7 was reversed and cannot be paid"],
        ["A listed commission is already paid", "Commission 7 is already paid (payout 2); paying twice is refused"],
        ["The listed items net to zero or less", "Nothing to pay: the selected items come to -SGD 30.00"],
        [
          "The total is more than is payable to this connector in this currency (an adjustment was left out)",
          "This pays more than is owed: SGD 50.00 selected, but SGD 20.00 is owed to Jane Tan in SGD. Include the outstanding adjustments.",
        ],
        ["Another payout paid one of these commissions at the same moment", PAYOUT_RACE],
      ],
      422: [
        [
          "A listed commission does not exist, or is another business's, connector's or currency's; the errors name it",
          "Commission not found",
        ],
        ["No such connector", "Connector not found"],
      ],
    },
  },
  {
    method: "get",
    path: "/api/payouts",
    operationId: "listPayouts",
    tag: "Payouts",
    summary: "List payouts",
    description:
      "Newest paid first, each with the commissions it settled. A business's owner and team admins see the business's payouts; a connector sees the payouts made to them; platform admins see all. A business key sees its business's, a personal key its owner's as a connector. Filtering by a business where you are only a team member is refused.",
    auth: { kind: "key", scope: "commissions:read" },
    query: payoutQuery,
    success: {
      status: 200,
      description: "A page of payouts",
      schema: z.array(PayoutSchema),
      example: [payoutExample],
      list: true,
    },
    errors: { 403: [["businessId names a business where you are only a team member", PAYOUTS_MANAGERS_ONLY]] },
  },
];
