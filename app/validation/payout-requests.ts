import * as z from "zod";
import { CURRENCIES } from "../../db/enums";
import { CURRENCY_EXPONENTS } from "../utils/money";
import { PayoutQuerySchema } from "./payouts";

// Issue 38 part 2 (decision 191): a business's payout minimums and terms, and a connector's payout
// request. Browser-safe: the Earnings button and the settings form read the same schemas as the API.

export const PAYOUT_TERMS_DEFAULT_DAYS = 14;
export const PAYOUT_TERMS_MAX_DAYS = 90;
/** The largest minimum one may set (minor units): far above any payout, far below a float's limits. */
export const PAYOUT_MINIMUM_MAX_MINOR = 100_000_000_00;

export const PAYOUT_TERMS_INVALID = `Payout terms must be a whole number of days from 1 to ${PAYOUT_TERMS_MAX_DAYS}`;
export const MINIMUM_INVALID = "A minimum is a whole number of minor units (cents), 0 or more";
export const CURRENCY_INVALID = "Choose one of the supported currencies";
export const BUSINESS_ID_REQUIRED = "businessId is required";

const minimumMinor = z
  .number({ error: MINIMUM_INVALID })
  .int(MINIMUM_INVALID)
  .min(0, MINIMUM_INVALID)
  .max(PAYOUT_MINIMUM_MAX_MINOR, `A minimum may be at most ${PAYOUT_MINIMUM_MAX_MINOR} minor units`);

export const SETTINGS_EMPTY = "Send payoutTermsDays, minimums or both";

/**
 * PATCH /api/businesses/{id}/payout-settings: the terms, the minimums, or both; minimums, when sent,
 * are the whole list (a currency left out, or 0, has none).
 */
export const PayoutSettingsSchema = z
  .strictObject({
    payoutTermsDays: z
      .number({ error: PAYOUT_TERMS_INVALID })
      .int(PAYOUT_TERMS_INVALID)
      .min(1, PAYOUT_TERMS_INVALID)
      .max(PAYOUT_TERMS_MAX_DAYS, PAYOUT_TERMS_INVALID)
      .optional(),
    minimums: z
      .partialRecord(z.enum(CURRENCIES, { error: CURRENCY_INVALID }), minimumMinor, {
        error: "minimums is an object of currency codes to minor units",
      })
      .meta({ description: "The least paid out per currency, in minor units; 0 or left out means none" })
      .optional(),
  })
  .refine((v) => v.payoutTermsDays !== undefined || v.minimums !== undefined, SETTINGS_EMPTY)
  // The refinement, as the document can say it: at least one of the two.
  .meta({ minProperties: 1 });
export type PayoutSettingsInput = z.output<typeof PayoutSettingsSchema>;

/** POST /api/payout-requests. */
export const PayoutRequestInputSchema = z.strictObject({
  businessId: z
    .number({ error: (issue) => (issue.input === undefined ? BUSINESS_ID_REQUIRED : "Expected a whole number") })
    .int("Expected a whole number")
    .positive("Expected a positive id"),
  currency: z.enum(CURRENCIES, { error: CURRENCY_INVALID }),
});
export type PayoutRequestInput = z.output<typeof PayoutRequestInputSchema>;

export const PAYOUT_REQUEST_STATES = ["open", "overdue", "paid"] as const;

/** GET /api/payout-requests filters: GET /api/payouts' own, and the request's state. */
export const PayoutRequestQuerySchema = PayoutQuerySchema.extend({
  state: z.enum(PAYOUT_REQUEST_STATES, { error: "state is one of open, overdue, paid" }).optional(),
});
export type PayoutRequestQuery = z.output<typeof PayoutRequestQuerySchema>;

// ——— The settings form on /business/payouts (amounts typed as decimals, as people write money) ———

export const minimumFormMessage = (currency: (typeof CURRENCIES)[number]) =>
  CURRENCY_EXPONENTS[currency] === 0
    ? `Enter a whole amount of ${currency}, or leave it empty for no minimum`
    : `Enter an amount like 50 or 50.00, or leave it empty for no minimum`;

/** "50", "50.5", "50.00" to minor units without floating point; null when not an amount. */
export function decimalToMinor(text: string, currency: (typeof CURRENCIES)[number]): number | null {
  const exponent = CURRENCY_EXPONENTS[currency];
  const match = (exponent === 0 ? /^(\d{1,12})$/ : /^(\d{1,12})(?:\.(\d{1,2}))?$/).exec(text.trim().replaceAll(",", ""));
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(exponent, "0");
  return Number(match[1]) * 10 ** exponent + Number(fraction || 0);
}

const minimumField = (currency: (typeof CURRENCIES)[number]) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return 0;
      const minor = decimalToMinor(value, currency);
      if (minor === null || minor > PAYOUT_MINIMUM_MAX_MINOR) {
        ctx.addIssue({ code: "custom", message: minimumFormMessage(currency) });
        return z.NEVER;
      }
      return minor;
    });

export const PayoutSettingsFormSchema = z.object({
  intent: z.literal("payout-settings"),
  payoutTermsDays: z
    .number({ error: PAYOUT_TERMS_INVALID })
    .int(PAYOUT_TERMS_INVALID)
    .min(1, PAYOUT_TERMS_INVALID)
    .max(PAYOUT_TERMS_MAX_DAYS, PAYOUT_TERMS_INVALID),
  minimums: z.object(
    Object.fromEntries(CURRENCIES.map((c) => [c, minimumField(c)])) as Record<
      (typeof CURRENCIES)[number],
      ReturnType<typeof minimumField>
    >,
  ),
});
