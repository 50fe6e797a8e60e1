import * as z from "zod";
import { CURRENCIES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { payoutRequestExample, payoutRequestSchema } from "./payout-request-schema";

/**
 * What GET /api/admin/payables answers (toPayables in ./payables.server; issue 17 section 4, decision 069),
 * as the OpenAPI document and the tests read it (issue 36): built on first use only.
 */

const minor = (description: string) =>
  z.int().meta({ description: `${description}, in the currency's minor units (cents; whole yen for JPY)` });
const decimal = () =>
  z.string().meta({ description: "The same amount as a decimal string with the currency's own decimals", example: "123.45" });

export const payablesSchema = lazy(() =>
  z
    .strictObject({
      asOf: z.iso.datetime().meta({ description: "When the figures were read (UTC, ISO 8601)" }),
      overdueAfterDays: z.int().meta({ description: "A payable commission is overdue after this many days (30)" }),
      totals: z
        .array(
          z.strictObject({
            currency: z.enum(CURRENCIES),
            pendingMinor: minor("Commissions still in their hold period"),
            pending: decimal(),
            payableMinor: minor("Commissions payable and unpaid, net of the clawback adjustments the next payouts will deduct"),
            payable: decimal(),
            paidMinor: minor("Commissions paid, net of adjustments already netted off"),
            paid: decimal(),
          }),
        )
        .meta({ description: "One row per currency that has commissions (never added across currencies), by currency code" }),
      overdue: z
        .array(
          z.strictObject({
            businessId: z.int().positive(),
            companyName: z.string(),
            currency: z.enum(CURRENCIES),
            amountMinor: minor("What it has had payable for more than 30 days"),
            amount: decimal(),
            count: z.int().positive().meta({ description: "How many commissions that is" }),
            oldestPayableAt: z.iso.datetime().meta({ description: "When the oldest of them became payable" }),
          }),
        )
        .meta({
          description:
            "A page (limit, offset) of businesses with commissions payable for more than 30 days, one row per business and currency, the oldest first",
        }),
      overdueTotal: z.int().min(0).meta({ description: "How many such rows there are in all" }),
      overdueRequests: z.array(payoutRequestSchema()).meta({
        description:
          "Connectors' payout requests unpaid past their due date (the business's payout terms), the oldest due first; at most 50",
      }),
      overdueRequestsTotal: z.int().min(0).meta({ description: "How many overdue payout requests there are in all" }),
    })
    .meta({ id: "Payables" }),
);

export const payablesExample: z.infer<ReturnType<typeof payablesSchema>> = {
  asOf: "2026-11-24T08:00:00.000Z",
  overdueAfterDays: 30,
  totals: [
    {
      currency: "SGD",
      pendingMinor: 1234500,
      pending: "12345.00",
      payableMinor: 250000,
      payable: "2500.00",
      paidMinor: 9800000,
      paid: "98000.00",
    },
    { currency: "JPY", pendingMinor: 12500, pending: "12500", payableMinor: 0, payable: "0", paidMinor: 40000, paid: "40000" },
  ],
  overdue: [
    {
      businessId: 4,
      companyName: "Brightpath Consulting",
      currency: "SGD",
      amountMinor: 45000,
      amount: "450.00",
      count: 3,
      oldestPayableAt: "2026-09-02T10:00:00.000Z",
    },
  ],
  overdueTotal: 1,
  overdueRequests: [{ ...payoutRequestExample, state: "overdue" }],
  overdueRequestsTotal: 1,
};
