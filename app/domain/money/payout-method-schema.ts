import * as z from "zod";
import { CURRENCIES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { rowId, timestamp } from "../../validation/response-fields";
import { PAYOUT_METHOD_KINDS } from "./payout-method-details";
import type { PayoutMethodDto } from "./payout-methods.server";

/** What the API answers for a payout method on file (toPayoutMethodDto): masked, never its details. */
export const payoutMethodSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Payout method id"),
      currency: z.enum(CURRENCIES),
      kind: z.enum(PAYOUT_METHOD_KINDS),
      summary: z.string().meta({ description: "The method, masked: e.g. PayNow ••••4567, DBS ••••6789" }),
      isDefault: z.boolean().meta({ description: "Whether payouts in this currency go to this method" }),
      payoutsHeldUntil: timestamp().nullable().meta({
        description: "Payouts to you wait until then: 48 hours after this method was added, changed or made the default",
      }),
      createdAt: timestamp(),
      updatedAt: timestamp(),
    })
    .meta({ id: "PayoutMethod" }),
);

export const payoutMethodExample: PayoutMethodDto = {
  id: 4,
  currency: "SGD",
  kind: "paynow",
  summary: "PayNow ••••4567",
  isDefault: true,
  payoutsHeldUntil: "2026-11-26T09:00:00.000Z",
  createdAt: "2026-11-24T09:00:00.000Z",
  updatedAt: "2026-11-24T09:00:00.000Z",
};

export const payoutMethodRemovedSchema = lazy(() =>
  z.strictObject({ id: rowId("Payout method id"), removed: z.literal(true) }).meta({ id: "PayoutMethodRemoved" }),
);
