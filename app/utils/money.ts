/**
 * Money is integer hundredths; the cashback percentage is integer basis points (1% = 100).
 * fee = revenue × percentage / 100, rounded half-up to the hundredth, in integers only.
 */
export function computeFee(revenueHundredths: number, cashbackBasisPoints: number): number {
  return Math.floor((revenueHundredths * cashbackBasisPoints + 5000) / 10000);
}

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
