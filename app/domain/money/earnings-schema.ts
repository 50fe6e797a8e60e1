import * as z from "zod";
import { CURRENCIES, LEDGER_ENTRY_TYPES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { BUSINESS_KEY_REFUSED, CONNECTOR_PROFILE_NOT_FOUND } from "./earnings.server";

/**
 * What the API answers for the connector's side of the ledger (earningsForApi and statementForApi in
 * ./earnings.server; GET /api/earnings and /api/statements), as the OpenAPI document and the tests read
 * it (issue 36): built on first use only.
 */

/** Why GET /api/earnings and /api/statements refuse, as the document lists them. */
export const NO_PROFILE: [string, string] = [
  "You have no connector profile (or you are a platform admin)",
  CONNECTOR_PROFILE_NOT_FOUND,
];
export const BUSINESS_KEY: [string, string] = ["A business API key: earnings are a connector's own", BUSINESS_KEY_REFUSED];

const minor = (description: string) =>
  z.int().meta({ description: `${description}, in the currency's minor units (cents; whole yen for JPY)` });
const decimal = (description: string, example = "123.45") =>
  z.string().meta({ description: `${description} as a decimal string with the currency's own decimals`, example });
const timestamp = () => z.iso.datetime().meta({ description: "UTC timestamp (ISO 8601)", example: "2026-11-03T09:30:00.000Z" });

export const earningsBalanceSchema = lazy(() =>
  z
    .strictObject({
      currency: z.enum(CURRENCIES),
      pendingMinor: minor("Commissions still in their business's hold period"),
      payableMinor: minor("Commissions owed now (net of adjustments that claw back paid ones)"),
      paidMinor: minor("Paid commissions, net of paid adjustments"),
      owedMinor: minor("The sum of every ledger entry: what is owed to you (pending + payable)"),
      pending: decimal("pendingMinor"),
      payable: decimal("payableMinor"),
      paid: decimal("paidMinor"),
      owed: decimal("owedMinor"),
    })
    .meta({ id: "EarningsBalance" }),
);

export const earningsSchema = lazy(() =>
  z
    .strictObject({
      connectorId: z.int().positive().meta({ description: "Your connector profile" }),
      balances: z.array(earningsBalanceSchema()).meta({
        description: "One entry per currency you have earned in (never summed across currencies), in the currency list's order",
      }),
    })
    .meta({ id: "Earnings" }),
);

export const statementLineSchema = lazy(() =>
  z
    .strictObject({
      entryId: z.int().positive(),
      occurredAt: timestamp(),
      type: z.enum(LEDGER_ENTRY_TYPES),
      label: z.string().meta({
        description:
          "The type in words: Commission, Reversal, Adjustment, Payout or Payout voided (a voided payout's reversal, decision 187)",
      }),
      commissionId: z.int().positive(),
      referralId: z.int().positive(),
      referredPersonName: z.string(),
      businessId: z.int().positive(),
      businessName: z.string(),
      payoutId: z.int().positive().nullable(),
      payoutReference: z.string().nullable().meta({ description: "The payout's reference (payout entries)" }),
      amountMinor: minor("Signed amount"),
      amount: decimal("amountMinor", "-10.00"),
    })
    .meta({ id: "StatementLine" }),
);

export const statementSchema = lazy(() =>
  z
    .strictObject({
      connectorId: z.int().positive(),
      connectorName: z.string(),
      month: z.string().meta({ description: "The calendar month (UTC), YYYY-MM", example: "2026-11" }),
      currency: z.enum(CURRENCIES),
      periodStart: timestamp(),
      periodEnd: timestamp(),
      openingBalanceMinor: minor("Every entry before the month"),
      commissionsMinor: minor("Commissions earned in the month (+)"),
      reversalsAndAdjustmentsMinor: minor("Reversals and adjustments in the month (-)"),
      payoutsMinor: minor("Payouts in the month (- for what they paid, + for adjustments they netted off)"),
      closingBalanceMinor: minor("Opening balance + commissions + reversals and adjustments + payouts; the next month's opening"),
      openingBalance: decimal("openingBalanceMinor"),
      commissions: decimal("commissionsMinor"),
      reversalsAndAdjustments: decimal("reversalsAndAdjustmentsMinor"),
      payouts: decimal("payoutsMinor"),
      closingBalance: decimal("closingBalanceMinor"),
      lines: z.array(statementLineSchema()).meta({ description: "The month's entries, oldest first" }),
    })
    .meta({ id: "Statement" }),
);

export const balanceExample = {
  currency: "SGD",
  pendingMinor: 12345,
  payableMinor: 2000,
  paidMinor: 5000,
  owedMinor: 14345,
  pending: "123.45",
  payable: "20.00",
  paid: "50.00",
  owed: "143.45",
} satisfies z.infer<ReturnType<typeof earningsBalanceSchema>>;

export const statementExample = {
  connectorId: 7,
  connectorName: "Jane Tan",
  month: "2026-11",
  currency: "SGD",
  periodStart: "2026-11-01T00:00:00.000Z",
  periodEnd: "2026-12-01T00:00:00.000Z",
  openingBalanceMinor: 5000,
  commissionsMinor: 12345,
  reversalsAndAdjustmentsMinor: 0,
  payoutsMinor: -5000,
  closingBalanceMinor: 12345,
  openingBalance: "50.00",
  commissions: "123.45",
  reversalsAndAdjustments: "0.00",
  payouts: "-50.00",
  closingBalance: "123.45",
  lines: [
    {
      entryId: 31,
      occurredAt: "2026-11-03T09:30:00.000Z",
      type: "commission",
      label: "Commission",
      commissionId: 12,
      referralId: 42,
      referredPersonName: "Alex Lim",
      businessId: 3,
      businessName: "Acme Pte Ltd",
      payoutId: null,
      payoutReference: null,
      amountMinor: 12345,
      amount: "123.45",
    },
    {
      entryId: 32,
      occurredAt: "2026-11-05T00:00:00.000Z",
      type: "payout",
      label: "Payout",
      commissionId: 9,
      referralId: 40,
      referredPersonName: "Sam Ong",
      businessId: 3,
      businessName: "Acme Pte Ltd",
      payoutId: 4,
      payoutReference: "PAYNOW-20261105-01",
      amountMinor: -5000,
      amount: "-50.00",
    },
  ],
} satisfies z.infer<ReturnType<typeof statementSchema>>;

export const earningsExample = { connectorId: 7, balances: [balanceExample] } satisfies z.infer<
  ReturnType<typeof earningsSchema>
>;
