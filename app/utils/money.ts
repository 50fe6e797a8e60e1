import type { Currency } from "../../db/enums";

/**
 * Money is integer hundredths; the cashback percentage is integer basis points (1% = 100). What a
 * referral earns is the one formula (commissionFor in app/domain/money/commission.ts),
 * which rounds once, straight to the currency's minor units (commissionMinor below).
 */

/** 12.5 -> 1250 basis points; the input has at most one decimal (step 0.1). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function basisPointsToPercent(bps: number): number {
  return bps / 100;
}

/** 1234.5 -> 123450, without float drift (1234.56 * 100 = 123455.99999...). */
export function toHundredths(amount: number): number {
  return Math.round(amount * 100);
}

export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}

/** "1,234.50" style with exactly two decimals; missing shows as 0.00. */
export function formatAmount(hundredths: number | null | undefined): string {
  return AMOUNT_FORMAT.format((hundredths ?? 0) / 100);
}

/** "SGD 1,234.50": an amount (in currency units, as the DTOs carry it) with its currency; missing shows as 0.00. */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  return `${currency} ${formatAmount(amount === null || amount === undefined ? null : toHundredths(amount))}`;
}

/** Completed totals as they travel with the admin rows: per currency, never summed across currencies. */
export type CurrencyTotal = { currency: string; revenue: number; fees: number };

/**
 * "SGD 1234.50; USD 20.00": one CSV cell of per-currency totals. No thousands separator, so a
 * spreadsheet reads the number instead of splitting or quoting it.
 */
export function currencyTotalsCell(totals: CurrencyTotal[], key: "revenue" | "fees"): string {
  return totals.map((t) => `${t.currency} ${t[key].toFixed(2)}`).join("; ");
}

/** Built once (a per-call toLocaleString builds a new formatter every time). */
const AMOUNT_FORMAT = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * ISO 4217 minor-unit exponents of the SPEC's ten currencies: every one has cents except the yen.
 * (IDR is 2 in ISO 4217 even though sen are not used in practice.)
 */
export const CURRENCY_EXPONENTS = {
  SGD: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  AUD: 2,
  JPY: 0,
  CNY: 2,
  HKD: 2,
  MYR: 2,
  IDR: 2,
} as const satisfies Record<Currency, number>;

/** Hundredths (how referrals store revenue, whatever the currency) to the currency's minor units, half-up. */
export function hundredthsToMinor(hundredths: number, currency: Currency): number {
  const divisor = 10 ** (2 - CURRENCY_EXPONENTS[currency]);
  return Math.floor((hundredths + Math.floor(divisor / 2)) / divisor);
}

/** Minor units back to hundredths (exact: no currency here has more than two decimals). */
export function minorToHundredths(minor: number, currency: Currency): number {
  return minor * 10 ** (2 - CURRENCY_EXPONENTS[currency]);
}

/**
 * The commission on a revenue: revenue × percentage, rounded half-up once, straight to the
 * currency's minor units (1,234.50 SGD at 10% = 12,345 cents; 1,000 JPY at 12.5% = 125 yen).
 * Integers only: revenue ≤ 1e11 hundredths times ≤ 10,000 basis points stays below 2^53.
 */
export function commissionMinor(revenueHundredths: number, cashbackBasisPoints: number, currency: Currency): number {
  const denominator = 10_000 * 10 ** (2 - CURRENCY_EXPONENTS[currency]);
  return Math.floor((revenueHundredths * cashbackBasisPoints + denominator / 2) / denominator);
}

/** "123.45" or "1000": an amount in minor units as a plain decimal string (CSV cells, bank files). */
export function minorToDecimalString(minor: number, currency: Currency): string {
  const exponent = CURRENCY_EXPONENTS[currency];
  if (exponent === 0) return String(minor);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const scale = 10 ** exponent;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(exponent, "0")}`;
}

/** "SGD 1,234.50", "JPY 1,000", "-SGD 12.00": minor units shown with the currency's own decimals. */
export function formatMinor(minor: number, currency: Currency): string {
  const exponent = CURRENCY_EXPONENTS[currency];
  const format = exponent === 0 ? WHOLE_FORMAT : AMOUNT_FORMAT;
  const formatted = format.format(Math.abs(minor) / 10 ** exponent);
  return `${minor < 0 ? "-" : ""}${currency} ${formatted}`;
}

const WHOLE_FORMAT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
