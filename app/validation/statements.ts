import * as z from "zod";
import { CURRENCIES } from "../../db/enums";

export const MONTH_INVALID = "Please enter a month as YYYY-MM";
export const CURRENCY_INVALID = "Please choose a currency";

/** A calendar month from 2000-01 to 2999-12: the months a statement can cover. */
export const MONTH_PATTERN = /^2[0-9]{3}-(?:0[1-9]|1[0-2])$/;

/**
 * GET /api/statements' query: a month and a currency, each a 400 naming the field when missing or
 * wrong (the route checks who is asking first). The OpenAPI document renders this schema.
 */
export const StatementQuerySchema = z.object({
  month: z
    .string({ error: MONTH_INVALID })
    .regex(MONTH_PATTERN, MONTH_INVALID)
    .meta({ description: "The calendar month (UTC), YYYY-MM, from 2000-01 to 2999-12", example: "2026-11" }),
  currency: z.enum(CURRENCIES, { error: CURRENCY_INVALID }).meta({ description: "The statement's currency", example: "SGD" }),
});

/** The query string as the schema reads it: the first `month` and `currency`, absent when not sent. */
export const statementQueryInput = (params: URLSearchParams) => ({
  month: params.get("month") ?? undefined,
  currency: params.get("currency") ?? undefined,
});
