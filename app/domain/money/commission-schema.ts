import * as z from "zod";
import {
  COMMISSION_KINDS,
  COMMISSION_REVERSAL_REASONS,
  COMMISSION_STATUSES,
  CURRENCIES,
  LEDGER_ENTRY_TYPES,
} from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { amountMinor, decimalAmount, rowId, timestamp } from "../../validation/response-fields";
import type { CommissionDto } from "./ledger.server";

/**
 * What the API answers for a commission (toCommissionDto in ./ledger.server), as the OpenAPI document
 * and the tests read it (issue 36): strict, so a field the DTO adds and the schema lacks fails a test.
 */

export const commissionEntrySchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Entry id"),
      type: z.enum(LEDGER_ENTRY_TYPES).meta({
        description:
          "commission (+) when earned; reversal (-) when an unpaid one is taken back; adjustment (-) when a paid one is clawed back; payout (- for a commission, + for an adjustment) when a payout settles it; payout_voided (the payout entry reversed) when that payout is voided",
      }),
      amountMinor: amountMinor("Signed amount"),
      amount: decimalAmount(),
      currency: z.enum(CURRENCIES),
      payoutId: z.int().positive().nullable().meta({ description: "The payout of a payout or payout_voided entry" }),
      occurredAt: timestamp(),
    })
    .meta({ id: "CommissionEntry" }),
);

export const commissionSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Commission id"),
      referralId: rowId("The referral that earned it"),
      connectorId: rowId("Who earned it"),
      businessId: rowId("Who owes it"),
      kind: z.enum(COMMISSION_KINDS).meta({
        description: "commission, or adjustment: a negative amount clawing back a paid commission, netted off by the next payout",
      }),
      status: z.enum(COMMISSION_STATUSES).meta({
        description: "pending during the hold period, then payable, then paid; reversed when an unpaid one no longer stands",
      }),
      amountMinor: amountMinor("The amount (negative for an adjustment)"),
      amount: decimalAmount(),
      currency: z.enum(CURRENCIES),
      revenueMinor: z
        .int()
        .nullable()
        .meta({ description: "The revenue it was computed from, in minor units (null on an adjustment)" }),
      cashbackPercentage: z
        .number()
        .nullable()
        .meta({ description: "The percentage it was computed at (null on an adjustment)" }),
      holdDays: z.int().meta({ description: "The business's hold period when it was created" }),
      payableAt: timestamp(),
      paidAt: timestamp().nullable(),
      payoutId: z.int().positive().nullable(),
      reversedAt: timestamp().nullable(),
      reversalReason: z.enum(COMMISSION_REVERSAL_REASONS).nullable().meta({
        description:
          "Why it was reversed (or, on an adjustment, why it was made): the referral left completed, or its revenue changed",
      }),
      adjustsCommissionId: z
        .int()
        .positive()
        .nullable()
        .meta({ description: "On an adjustment: the paid commission it claws back" }),
      createdAt: timestamp(),
      entries: z
        .array(commissionEntrySchema())
        .meta({ description: "Its ledger entries, oldest first; their sum is what is still owed on it" }),
    })
    .meta({ id: "Commission" }),
);

export const commissionExample: CommissionDto = {
  id: 7,
  referralId: 41,
  connectorId: 3,
  businessId: 1,
  kind: "commission",
  status: "reversed",
  amountMinor: 12345,
  amount: "123.45",
  currency: "SGD",
  revenueMinor: 123450,
  cashbackPercentage: 10,
  holdDays: 30,
  payableAt: "2026-04-13T09:30:00.000Z",
  paidAt: null,
  payoutId: null,
  reversedAt: "2026-03-20T10:00:00.000Z",
  reversalReason: "revenue_changed",
  adjustsCommissionId: null,
  createdAt: "2026-03-14T09:30:00.000Z",
  entries: [
    {
      id: 11,
      type: "commission",
      amountMinor: 12345,
      amount: "123.45",
      currency: "SGD",
      payoutId: null,
      occurredAt: "2026-03-14T09:30:00.000Z",
    },
    {
      id: 15,
      type: "reversal",
      amountMinor: -12345,
      amount: "-123.45",
      currency: "SGD",
      payoutId: null,
      occurredAt: "2026-03-20T10:00:00.000Z",
    },
  ],
};
