import * as z from "zod";
import { CURRENCIES, PAYOUT_METHODS } from "../../db/enums";
import { requiredString, singleLineString } from "./fields";
import { CALENDAR_DATE_PATTERN, timestampPattern } from "./json-schema-rules";
import { PAYOUT_VOID_DAYS, VOID_REASON_MAX, VOID_REASON_REQUIRED } from "./payout-voids";

export { PAYOUT_METHOD_LABELS } from "./payout-methods";

export const PAID_AT_INVALID = "Enter the payment date as YYYY-MM-DD (or an ISO 8601 timestamp)";
export const PAID_AT_FUTURE = "The payment date cannot be in the future";
export const REFERENCE_REQUIRED = "Reference is required";
export const METHOD_REQUIRED = "Please choose how you paid";
export const COMMISSIONS_REQUIRED = "Select at least one commission to pay";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
/** How far back a payout may be dated (decision 116): closed statements stay closed. The domain checks it. */
export const PAYOUT_BACKDATE_DAYS = 90;
/** A date alone is midnight UTC; it is "today" somewhere until UTC+14 has left it. */
const DATE_ONLY_GRACE_MS = 14 * 60 * 60 * 1000;
/** A timestamp may run this far ahead of the server's clock. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** "2026-11-24" (midnight UTC) or an ISO timestamp with its offset, as a Date; null if neither. */
export function parsePaidAt(value: string): Date | null {
  if (DATE_ONLY.test(value)) {
    const date = new Date(`${value}T00:00:00.000Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
  }
  if (!TIMESTAMP.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const positiveId = (message: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? message : "Expected a whole number") })
    .int("Expected a whole number")
    .positive("Expected a positive id");

/** The fields a payout is recorded with, on the screen (the business is the screen's) and the API. */
const payoutFields = {
  connectorId: positiveId("connectorId is required"),
  currency: z.enum(CURRENCIES, { error: "Choose one of the supported currencies" }),
  commissionIds: z
    .array(positiveId("Expected a commission id"), { error: COMMISSIONS_REQUIRED })
    .min(1, COMMISSIONS_REQUIRED)
    .max(500, "At most 500 commissions in one payout")
    .refine((ids) => new Set(ids).size === ids.length, "Each commission may be listed once"),
  method: z.enum(PAYOUT_METHODS, { error: METHOD_REQUIRED }),
  reference: singleLineString(REFERENCE_REQUIRED)
    .trim()
    .min(1, REFERENCE_REQUIRED)
    .max(100, "Reference must be at most 100 characters"),
  paidAt: requiredString("Payment date is required")
    .trim()
    .transform((value, ctx) => {
      const date = parsePaidAt(value);
      if (!date) {
        ctx.addIssue({ code: "custom", message: PAID_AT_INVALID });
        return z.NEVER;
      }
      const limit = Date.now() + (DATE_ONLY.test(value) ? DATE_ONLY_GRACE_MS : CLOCK_SKEW_MS);
      if (date.getTime() > limit) {
        ctx.addIssue({ code: "custom", message: PAID_AT_FUTURE });
        return z.NEVER;
      }
      return date;
    })
    // parsePaidAt in the document's terms (a date of the calendar, or a timestamp with its zone);
    // that it is not in the future depends on the clock, which the description says.
    .meta({
      description: `The day paid (YYYY-MM-DD, stored as midnight UTC) or an ISO 8601 timestamp with its offset; not in the future, not more than ${PAYOUT_BACKDATE_DAYS} days back, and not before the latest moment one of the listed items became payable (a date alone counts as that whole day)`,
      example: "2026-11-24",
      override: { anyOf: [{ pattern: CALENDAR_DATE_PATTERN }, { pattern: timestampPattern(3) }] },
    }),
};

/** POST /api/payouts. */
export const PayoutInputSchema = z.strictObject({
  businessId: positiveId("businessId is required"),
  ...payoutFields,
});
export type PayoutInput = z.output<typeof PayoutInputSchema>;

/**
 * The record-a-payout form of /business/payouts (its business is the screen's): "review" shows what
 * will be marked paid, "record" (the confirmation's button) writes it (decision 187).
 */
export const PayoutFormSchema = z.object({ intent: z.enum(["review", "record"]), ...payoutFields });

// ——— Voiding a payout (issue 38 part 4, decision 187) ———

export { PAYOUT_VOID_DAYS, VOID_REASON_MAX, VOID_REASON_REQUIRED };

const voidReason = requiredString(VOID_REASON_REQUIRED)
  .trim()
  .min(1, VOID_REASON_REQUIRED)
  .max(VOID_REASON_MAX, `The reason must be at most ${VOID_REASON_MAX} characters`)
  .meta({ description: "Why the payout is voided (shown to the connector)", example: "Recorded against the wrong connector" });

/** POST /api/payouts/{id}/void. */
export const PayoutVoidSchema = z.strictObject({ reason: voidReason });
export type PayoutVoidInput = z.output<typeof PayoutVoidSchema>;

/** The void form of /business/payouts. */
export const PayoutVoidFormSchema = z.object({
  intent: z.literal("void"),
  payoutId: positiveId("payoutId is required"),
  reason: voidReason,
});

/** GET /api/payouts filters. */
export const PayoutQuerySchema = z.object({
  businessId: z.coerce
    .number({ error: "businessId must be a number" })
    .int("businessId must be a whole number")
    .positive()
    .optional(),
  connectorId: z.coerce
    .number({ error: "connectorId must be a number" })
    .int("connectorId must be a whole number")
    .positive()
    .optional(),
  currency: z.enum(CURRENCIES, { error: "currency must be one of the supported currencies" }).optional(),
});
export type PayoutQuery = z.output<typeof PayoutQuerySchema>;
