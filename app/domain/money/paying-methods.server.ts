import type { Currency } from "../../../db/enums";
import type { Database } from "../../utils/db.server";
import type { PayingMethod } from "./payout-method-details";

/**
 * The default payout method of each connector for one currency, details unsealed, for the paying
 * business (issue 38 parts 1 and 3). Callers have already checked that the viewer is the business's
 * owner or a team admin (checkPayoutManager): nobody else ever reads these details whole.
 * Until payout methods are stored this finds none.
 */
export async function loadPayingMethods(
  _db: Database,
  _businessId: number,
  _currency: Currency,
  _connectorIds: readonly number[],
): Promise<Map<number, PayingMethod>> {
  return new Map();
}
