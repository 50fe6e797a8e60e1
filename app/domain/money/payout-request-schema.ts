import * as z from "zod";
import { CURRENCIES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { PAYOUT_REQUEST_STATES } from "../../validation/payout-requests";
import { amountMinor, decimalAmount, rowId, timestamp } from "../../validation/response-fields";
import type { PayoutRequestDto } from "./payout-requests.server";
import type { PayoutSettingsDto } from "./payout-settings.server";

/**
 * What the API answers for a payout request and a business's payout settings (issue 38 part 2), as
 * the OpenAPI document and the tests read it: strict, so a field the DTO adds and the schema lacks fails.
 */

export const payoutRequestSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Payout request id"),
      businessId: rowId("Who is asked to pay"),
      businessName: z.string(),
      connectorId: rowId("Who asks to be paid"),
      connectorName: z.string(),
      currency: z.enum(CURRENCIES),
      amountMinor: amountMinor("The payable balance when requested (commissions net of adjustments)"),
      amount: decimalAmount(),
      state: z.enum(PAYOUT_REQUEST_STATES).meta({
        description: "open: unpaid and not yet due; overdue: unpaid past its due date; paid: a payout settled it",
      }),
      requestedAt: timestamp(),
      dueAt: timestamp(),
      payoutId: z.int().positive().nullable().meta({ description: "The payout that settled it" }),
      paidAt: timestamp().nullable(),
    })
    .meta({ id: "PayoutRequest" }),
);

export const payoutRequestExample: PayoutRequestDto = {
  id: 5,
  businessId: 1,
  businessName: "Acme Corporation",
  connectorId: 3,
  connectorName: "Jane Tan",
  currency: "SGD",
  amountMinor: 12345,
  amount: "123.45",
  state: "open",
  requestedAt: "2026-11-24T08:00:00.000Z",
  dueAt: "2026-12-08T08:00:00.000Z",
  payoutId: null,
  paidAt: null,
};

export const payoutSettingsSchema = lazy(() =>
  z
    .strictObject({
      businessId: rowId("Business id"),
      payoutTermsDays: z.int().min(1).meta({ description: "Days the business gives itself to pay a payout request" }),
      minimums: z
        .partialRecord(z.enum(CURRENCIES), z.int().positive())
        .meta({ description: "The least paid out per currency, in minor units; a currency left out has none" }),
      minimumAmounts: z
        .partialRecord(z.enum(CURRENCIES), z.string())
        .meta({ description: "The same minimums as decimal strings in each currency" }),
    })
    .meta({ id: "PayoutSettings" }),
);

export const payoutSettingsExample: PayoutSettingsDto = {
  businessId: 1,
  payoutTermsDays: 14,
  minimums: { SGD: 5000 },
  minimumAmounts: { SGD: "50.00" },
};
