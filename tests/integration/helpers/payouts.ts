import { expect } from "vitest";
import { appPerFile, madeInBeforeAll } from "./app";
import { completedReferral } from "./introductions";
import type { Client } from "./marketplace";
import { newBusiness, newConnector } from "./parties";
import { givePayoutMethod } from "./payout-methods";
import { errorOf } from "./responses";

export const MANAGERS_ONLY = "Only the business owner and team admins can manage payouts";

export type Row = Record<string, unknown>;

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Midnight UTC today: every date below is counted from it, so the 90-day rule (decision 116) never outdates the file. */
export const TODAY_MS = Math.floor(Date.now() / DAY_MS) * DAY_MS;
/** The moment `days` from today's midnight UTC, plus `hours`. */
export const dayMs = (days: number, hours = 0) => TODAY_MS + days * DAY_MS + hours * 60 * 60 * 1000;
/** The date (YYYY-MM-DD) `days` from today, as the screen sends one. */
export const dateOf = (days: number) => new Date(dayMs(days)).toISOString().slice(0, 10);
/** The date `days` from today as the app shows one (Nov 05, 2026). */
export const shownDay = (days: number) =>
  new Date(dayMs(days)).toLocaleDateString("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" });
/** When the fixture's commissions became payable: before the payouts' dates below (decision 116). */
export const PAYABLE_SINCE = dayMs(-26, 9.5);
/** The date the fixture's payouts are dated. */
export const PAID_DAY = -7;

/**
 * The app of one payouts.*.test.ts file, with a business and a connector made before its tests, and
 * the fixtures and checks its tests share.
 */
export function payoutsFile() {
  const app = appPerFile();
  const business = madeInBeforeAll(() => newBusiness(app, { companyName: "Payout Co" }));
  const connector = madeInBeforeAll(() => newConnector(app, { name: "Paid Connector" }));
  const one = async (sql: string, ...params: unknown[]) => (await app.query<Row>(sql, ...params))[0]!;

  /** A completed referral with revenue; its commission made payable (the hold is the sweep's business). */
  async function payableCommission(
    revenue = 100,
    { payable = true, b = business, c = connector, currency = "SGD", payableAt = PAYABLE_SINCE } = {},
  ) {
    const { referral, done } = await completedReferral(app, c, b, { revenueReceived: revenue, revenueCurrency: currency });
    expect(done.status, await done.clone().text()).toBe(200);
    const commission = await one("select * from commissions where referral_id = ? and superseded_at is null", referral.id);
    if (payable)
      await app.query("update commissions set status = 'payable', payable_at = ? where id = ?", payableAt, commission.id);
    // Payable to a connector with a method on file for the currency, past its hold (issue 38).
    await givePayoutMethod(app, c.connectorId, currency);
    return { referralId: referral.id, commissionId: commission.id as number, amountMinor: commission.amount_minor as number };
  }

  const body = (commissionIds: number[], extra: Record<string, unknown> = {}) => ({
    businessId: business.business.id,
    connectorId: connector.connectorId,
    currency: "SGD",
    commissionIds,
    method: "paynow",
    reference: "PN-1",
    paidAt: dateOf(PAID_DAY),
    ...extra,
  });

  /** Counts of everything a payout writes, to prove a refusal wrote nothing. */
  async function footprint() {
    const row = await one(
      `select (select count(*) from payouts) as payouts, (select count(*) from commission_entries) as entries,
        (select count(*) from commissions where status = 'paid') as paid, (select count(*) from notifications) as notifications,
        (select count(*) from mail_outbox where kind = 'payout_recorded') as mail,
        (select count(*) from activity_logs where activity_type = 'payment_processed') as activity,
        (select count(*) from webhook_events where type = 'payout.recorded') as events`,
    );
    return row;
  }

  async function expectRefused(c: Client, payload: unknown, status: number, message: string | RegExp, field?: string) {
    const before = await footprint();
    const res = await c.post("/api/payouts", payload);
    expect(res.status, await res.clone().text()).toBe(status);
    const error = await errorOf(res);
    if (typeof message === "string") expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
    if (field) expect(error.errors?.[field]?.length).toBeGreaterThan(0);
    expect(await footprint()).toEqual(before);
    return error;
  }

  return { app, business, connector, one, payableCommission, body, footprint, expectRefused };
}
