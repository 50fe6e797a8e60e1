import { CURRENCIES, type Currency } from "../../db/enums";
import { CURRENCY_EXPONENTS } from "./money";

/**
 * A business's referral fee as it states it (issue 33, decision 119): a percentage of the revenue
 * in basis points (at most one decimal, like the connector's cashback, so a fee always prefills a
 * valid cashback), or a flat amount in minor units of one of the SPEC's currencies.
 */
export type FeeTerms = { kind: "percentage"; basisPoints: number } | { kind: "flat"; amountMinor: number; currency: Currency };

/** Bounds of a stated fee: 0.1% to 100%; a flat amount above zero and at most 1,000,000,000 units. */
export const FEE_PERCENT_MIN = 0.1;
export const FEE_PERCENT_MAX = 100;
export const FEE_AMOUNT_MAX = 1_000_000_000;

/** The stored columns (businesses.fee_*, referrals.terms_fee_*) as terms; null when unstructured or inconsistent. */
export function feeTermsOf(columns: {
  kind: string | null;
  basisPoints: number | null;
  amountMinor: number | null;
  currency: Currency | null;
}): FeeTerms | null {
  if (columns.kind === "percentage" && columns.basisPoints !== null)
    return { kind: "percentage", basisPoints: columns.basisPoints };
  if (columns.kind === "flat" && columns.amountMinor !== null && columns.currency !== null) {
    return { kind: "flat", amountMinor: columns.amountMinor, currency: columns.currency };
  }
  return null;
}

/** The terms as the columns store them (all null: unstructured). */
export function feeColumnsOf(terms: FeeTerms | null) {
  return {
    kind: terms?.kind ?? null,
    basisPoints: terms?.kind === "percentage" ? terms.basisPoints : null,
    amountMinor: terms?.kind === "flat" ? terms.amountMinor : null,
    currency: terms?.kind === "flat" ? terms.currency : null,
  };
}

/**
 * The structured fee as the API and screens carry it (the businesses and every terms snapshot):
 * feeKind, feePercentage (12.5), feeAmount (500, in currency units) and feeCurrency; the fields of
 * the other kind are null, and all four are null for an unstructured fee.
 */
export function feeFields(columns: Parameters<typeof feeTermsOf>[0]) {
  const terms = feeTermsOf(columns);
  return {
    feeKind: terms?.kind ?? null,
    feePercentage: terms?.kind === "percentage" ? terms.basisPoints / 100 : null,
    feeAmount: terms?.kind === "flat" ? terms.amountMinor / 10 ** CURRENCY_EXPONENTS[terms.currency] : null,
    feeCurrency: terms?.kind === "flat" ? terms.currency : null,
  };
}

const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * The SPEC's display string: "5%", "12.5%"; "$500" for US dollars only (the dollar sign alone is
 * read as USD, the SPEC's own example), and the ISO code before the amount for every other currency
 * ("SGD 500", "JPY 10,000", "EUR 12.50"), since "$" is also the Singapore, Australian and Hong Kong
 * dollar. Cents show only when there are any.
 */
export function formatReferralFee(terms: FeeTerms): string {
  if (terms.kind === "percentage") return `${terms.basisPoints / 100}%`;
  const exponent = CURRENCY_EXPONENTS[terms.currency];
  const scale = 10 ** exponent;
  const whole = GROUPED.format(Math.floor(terms.amountMinor / scale));
  const minor = terms.amountMinor % scale;
  const amount = minor === 0 ? whole : `${whole}.${String(minor).padStart(exponent, "0")}`;
  return terms.currency === "USD" ? `$${amount}` : `${terms.currency} ${amount}`;
}

const PERCENT = /^(\d{1,3}(?:\.\d)?)\s*%$/;
const SYMBOLS: Record<string, Currency> = { $: "USD", US$: "USD", S$: "SGD" };
const AMOUNT = "([1-9]\\d{0,2}(?:,\\d{3})+|\\d+)(?:\\.(\\d+))?";
const PREFIXED = new RegExp(`^(US\\$|S\\$|\\$|[A-Za-z]{3})\\s*${AMOUNT}$`);
const SUFFIXED = new RegExp(`^${AMOUNT}\\s*([A-Za-z]{3})$`);
const isCurrency = (code: string): code is Currency => (CURRENCIES as readonly string[]).includes(code);

/**
 * A free-text fee read as structured terms, or null when it does not read as exactly one: "10%",
 * "12.5 %", "$500", "US$500", "S$500", "SGD 1,000", "sgd1000.50", "500 EUR". Thousands separators must
 * group by three ("1,0000" does not parse); decimals no more than the currency has. Old API clients
 * send this string, and migration 0026 applies the same reading in SQL (db/migration-0026.test.ts
 * holds the two to the same answers).
 */
export function parseReferralFee(text: string): FeeTerms | null {
  const t = text.trim();
  const percent = PERCENT.exec(t);
  if (percent?.[1]) {
    const basisPoints = Math.round(Number(percent[1]) * 100);
    return basisPoints >= FEE_PERCENT_MIN * 100 && basisPoints <= FEE_PERCENT_MAX * 100
      ? { kind: "percentage", basisPoints }
      : null;
  }
  const prefixed = PREFIXED.exec(t);
  const suffixed = prefixed ? null : SUFFIXED.exec(t);
  const symbol = prefixed?.[1] ?? suffixed?.[3];
  const whole = prefixed?.[2] ?? suffixed?.[1];
  const decimals = prefixed ? prefixed[3] : suffixed?.[2];
  if (!symbol || !whole) return null;
  const currency = SYMBOLS[symbol] ?? symbol.toUpperCase();
  if (!isCurrency(currency)) return null;
  const exponent = CURRENCY_EXPONENTS[currency];
  if (decimals !== undefined && decimals.length > exponent) return null;
  const units = Number(whole.replaceAll(",", ""));
  if (units > FEE_AMOUNT_MAX) return null;
  const amountMinor = units * 10 ** exponent + Number((decimals ?? "").padEnd(exponent, "0") || "0");
  return amountMinor > 0 ? { kind: "flat", amountMinor, currency } : null;
}
