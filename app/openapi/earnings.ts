import * as z from "zod";
import { CURRENCIES, LEDGER_ENTRY_TYPES } from "../../db/enums";
import { StatementQuerySchema } from "../validation/statements";
import type { Operation } from "./document.server";

/**
 * The connector's side of the money ledger in the API document (issue 17 section 3, decision 067):
 * GET /api/earnings and GET /api/statements. In a file of its own so the ledger's other endpoints,
 * built beside it, touch the main document in one line each.
 */

const minor = (description: string) =>
  z.int().meta({ description: `${description}, in the currency's minor units (cents; whole yen for JPY)` });
const decimal = (description: string, example = "123.45") =>
  z.string().meta({ description: `${description} as a decimal string with the currency's own decimals`, example });
const timestamp = () => z.iso.datetime().meta({ description: "UTC timestamp (ISO 8601)", example: "2026-11-03T09:30:00.000Z" });

export const EarningsBalanceSchema = z
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
  .meta({ id: "EarningsBalance" });

export const EarningsSchema = z
  .strictObject({
    connectorId: z.int().positive().meta({ description: "Your connector profile" }),
    balances: z.array(EarningsBalanceSchema).meta({
      description: "One entry per currency you have earned in (never summed across currencies), in the currency list's order",
    }),
  })
  .meta({ id: "Earnings" });

export const StatementLineSchema = z
  .strictObject({
    entryId: z.int().positive(),
    occurredAt: timestamp(),
    type: z.enum(LEDGER_ENTRY_TYPES),
    label: z.string().meta({ description: "The type in words: Commission, Reversal, Adjustment or Payout" }),
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
  .meta({ id: "StatementLine" });

export const StatementSchema = z
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
    lines: z.array(StatementLineSchema).meta({ description: "The month's entries, oldest first" }),
  })
  .meta({ id: "Statement" });

const NO_PROFILE: [string, string] = [
  "You have no connector profile (or you are a platform admin)",
  "Connector profile not found",
];
const BUSINESS_KEY: [string, string] = [
  "A business API key: earnings are a connector's own",
  "Earnings are a connector's own: use a personal API key or sign in",
];

const balanceExample = {
  currency: "SGD",
  pendingMinor: 12345,
  payableMinor: 2000,
  paidMinor: 5000,
  owedMinor: 14345,
  pending: "123.45",
  payable: "20.00",
  paid: "50.00",
  owed: "143.45",
} satisfies z.infer<typeof EarningsBalanceSchema>;

const statementExample = {
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
} satisfies z.infer<typeof StatementSchema>;

export const EARNINGS_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/earnings",
    operationId: "getEarnings",
    tag: "Connectors",
    summary: "Your earnings per currency",
    description:
      "Your own balances as a connector, per currency: pending (in the hold period), payable, paid, and owed (the sum of your ledger entries). Amounts are integers in the currency's minor units, with decimal strings beside them; currencies are never added together.",
    auth: { kind: "key", scope: "commissions:read" },
    success: {
      status: 200,
      description: "Your balances",
      schema: EarningsSchema,
      example: { connectorId: 7, balances: [balanceExample] },
    },
    errors: { 403: [BUSINESS_KEY], 404: [NO_PROFILE] },
  },
  {
    method: "get",
    path: "/api/statements",
    operationId: "getStatement",
    tag: "Connectors",
    summary: "Your monthly statement in one currency",
    description:
      "The calendar month (UTC) in one currency: the opening balance (every entry before the month), the month's commissions, reversals and adjustments, payouts, the closing balance (the opening plus the three, and the next month's opening), and each entry as a line. The same statement as a printable page is /earnings/statements/{YYYY-MM}?currency=SGD and as CSV /earnings/statements/{YYYY-MM}.csv?currency=SGD (with a session).",
    auth: { kind: "key", scope: "commissions:read" },
    query: StatementQuerySchema,
    success: { status: 200, description: "The statement", schema: StatementSchema, example: statementExample },
    errors: {
      400: [["month is not YYYY-MM, or currency is not one of the ten (errors names each)", "Validation failed"]],
      403: [BUSINESS_KEY],
      404: [NO_PROFILE],
    },
  },
];
