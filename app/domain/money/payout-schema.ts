import * as z from "zod";
import { CURRENCIES, PAYOUT_METHODS } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { amountMinor, decimalAmount, rowId, timestamp } from "../../validation/response-fields";
import type { PayoutDto } from "./payouts.server";

/**
 * What the API answers for a payout (toPayoutDto in ./payouts.server), as the OpenAPI document and the
 * tests read it (issue 36): strict, so a field the DTO adds and the schema lacks fails a test.
 */

export const payoutSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Payout id"),
      businessId: rowId("Who paid"),
      connectorId: rowId("Who was paid"),
      currency: z.enum(CURRENCIES),
      amountMinor: amountMinor("The total paid: its commissions net of its adjustments"),
      amount: decimalAmount(),
      method: z.enum(PAYOUT_METHODS),
      reference: z.string().meta({ description: "The bank or PayNow reference" }),
      paidAt: timestamp(),
      recordedByUserId: z.int().positive().nullable(),
      createdAt: timestamp(),
      commissionIds: z.array(rowId("Commission id")).meta({ description: "The commissions (and adjustments) it settled" }),
      voidedAt: timestamp()
        .nullable()
        .meta({ description: "When the business voided it (recorded in error; its commissions are payable again), or null" }),
      voidReason: z.string().nullable().meta({ description: "Why the business voided it, or null" }),
    })
    .meta({ id: "Payout" }),
);

export const payoutExample: PayoutDto = {
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
  voidedAt: null,
  voidReason: null,
};

/** A voided payout, as POST /api/payouts/{id}/void answers and the payout.voided webhook carries. */
export const voidedPayoutExample: PayoutDto = {
  ...payoutExample,
  voidedAt: "2026-11-25T09:30:00.000Z",
  voidReason: "Recorded against the wrong connector",
};
