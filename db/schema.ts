/**
 * The single schema for D1 and libSQL, one file per area under db/schema/ (drizzle-kit reads it from
 * here: drizzle.config.ts). Timestamps are UTC epoch milliseconds; money is integer
 * hundredths of its currency; the cashback percentage is integer basis points (10.5% = 1050) so the
 * fee arithmetic never touches a float.
 */
export * from "./enums";
export * from "./schema/accounts";
export * from "./schema/businesses";
export * from "./schema/disputes";
export * from "./schema/effects";
export * from "./schema/integrations";
export * from "./schema/money";
export * from "./schema/payout-methods";
export * from "./schema/referrals";
