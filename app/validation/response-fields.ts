import * as z from "zod";
import { CURRENCIES, FEE_KINDS } from "../../db/enums";
import { lazy } from "../utils/lazy";

/**
 * Fields that many of the API's response schemas share (the schemas live beside the DTO functions
 * they describe, issue 36). Described once, so every answer says a timestamp or an amount the same way.
 */

export const timestamp = () =>
  z.iso.datetime().meta({ description: "UTC timestamp (ISO 8601)", example: "2026-03-14T09:30:00.000Z" });
export const rowId = (description: string) => z.int().positive().meta({ description });
export const nullableText = (description: string) => z.string().nullable().meta({ description });
export const amountMinor = (description: string) =>
  z.int().meta({ description: `${description}, in the currency's minor units (cents; whole yen for JPY)` });
export const decimalAmount = () =>
  z.string().meta({ description: "The same amount as a decimal string with the currency's own decimals", example: "123.45" });

/** Every error answer (jsonError in app/utils/api.server): a message, and field messages where a field is to blame. */
export const errorSchema = lazy(() =>
  z
    .strictObject({
      message: z.string().meta({ description: "What went wrong, fit to show a person" }),
      errors: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .meta({ description: "Messages per request field (on validation and some business-rule failures)" }),
    })
    .meta({ id: "Error", description: "Every error answer: a message, and field messages where a field is to blame." }),
);
export type ApiError = z.infer<ReturnType<typeof errorSchema>>;

/** `{ message }`: what an endpoint answers when there is nothing more to say than what it did. */
export const messageSchema = lazy(() => z.strictObject({ message: z.string() }).meta({ id: "Message" }));

/**
 * A structured fee (issue 33, decision 119) as businesses and terms snapshots carry it; `when` says
 * whose fee it is. Mirrors feeFields (app/utils/referral-fee.ts).
 */
export function feeShape(when: string) {
  return {
    feeKind: z
      .enum(FEE_KINDS)
      .nullable()
      .meta({ description: `How the fee is stated: a percentage of the revenue or a flat amount, ${when}` }),
    feePercentage: z.number().nullable().meta({ description: "The percentage (feeKind percentage), e.g. 12.5" }),
    feeAmount: z.number().nullable().meta({
      description: "The flat amount in feeCurrency units, e.g. 500 (feeKind flat): paid on completion, whatever the revenue",
    }),
    feeCurrency: z.enum(CURRENCIES).nullable().meta({ description: "The flat amount's currency (feeKind flat)" }),
  };
}
