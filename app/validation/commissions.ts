import * as z from "zod";
import { COMMISSION_KINDS, COMMISSION_STATUSES, CURRENCIES } from "../../db/enums";
import { oneOf } from "./query-filters";

const idFilter = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .positive(`${name} must be a positive whole number`)
    .max(Number.MAX_SAFE_INTEGER, `${name} must be a positive whole number`)
    .optional();

/**
 * The filters of GET /api/commissions (decision 071). A value given must be valid (a 400 names the
 * field); an absent one does not filter. `as` and `businessId` choose whose commissions: see
 * commissionScope in app/domain/money/commissions.server.ts.
 */
export const CommissionQuerySchema = z.object({
  as: oneOf("as", ["connector", "business"] as const),
  status: oneOf("status", COMMISSION_STATUSES),
  currency: oneOf("currency", CURRENCIES),
  kind: oneOf("kind", COMMISSION_KINDS),
  businessId: idFilter("businessId"),
  connectorId: idFilter("connectorId"),
  referralId: idFilter("referralId"),
});
export type CommissionQuery = z.output<typeof CommissionQuerySchema>;
