import type { TestApp } from "./app";
import type { Client } from "./marketplace";

/** A PayNow method's body as the Settings form and POST /api/payout-methods take it. */
export const PAYNOW = { kind: "paynow", currency: "SGD", accountHolder: "Jane Tan", proxyType: "mobile", proxy: "+65 8234 5671" };
/** What only the connector and the paying business's owner and admins may ever read whole. */
export const FULL_PAYNOW = "+6582345671";
export const PAYNOW_MASKED = "PayNow ••••5671";

/** POST /api/payout-methods as `c` (its session's password is recent from login unless aged). */
export const addPayoutMethod = (c: Client, body: Record<string, unknown> = PAYNOW) => c.post("/api/payout-methods", body);

/**
 * A payout method on file without its 48-hour hold, written straight into the table: for tests about
 * payouts, where the method only has to exist (its sealed details are not readable: the screens show
 * the masked summary and no details).
 */
export async function givePayoutMethod(app: TestApp, connectorId: number, currency = "SGD") {
  const [existing] = await app.query<{ id: number }>(
    "select id from payout_methods where connector_id = ? and currency = ? and is_default = 1 and removed_at is null",
    connectorId,
    currency,
  );
  if (existing) return;
  await app.query(
    "insert into payout_methods (connector_id, currency, kind, summary, sealed_details, is_default, payouts_held_until) values (?, ?, 'paynow', 'PayNow ••••0000', 'v1.unreadable.unreadable', 1, null)",
    connectorId,
    currency,
  );
}

/** Ends every hold of a connector's methods, as 48 hours passing would. */
export const endHolds = (app: TestApp, connectorId: number) =>
  app.query("update payout_methods set payouts_held_until = ? where connector_id = ?", Date.now() - 1000, connectorId);

/** Makes the session's password older than 10 minutes (re-authentication is then needed). */
export const agePassword = (app: TestApp, userId: number) =>
  app.query("update sessions set password_verified_at = ? where user_id = ?", Date.now() - 11 * 60 * 1000, userId);

/** A method of `connectorId` that is not the default (so any number may be planted), without a hold; its id. */
export async function plantedPayoutMethod(app: TestApp, connectorId: number) {
  const [row] = await app.query<{ id: number }>(
    "insert into payout_methods (connector_id, currency, kind, summary, sealed_details, is_default, payouts_held_until) values (?, 'SGD', 'wise', 'Wise a•••@example.com', 'v1.unreadable.unreadable', 0, null) returning id",
    connectorId,
  );
  return row!.id;
}
