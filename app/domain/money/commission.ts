import type { CashbackProposalStatus, Currency, FeeKind } from "../../../db/enums";
import { commissionMinor, minorToHundredths } from "../../utils/money";
import { type FeeTerms, feeTermsOf } from "../../utils/referral-fee";

// ---------------------------------------------------------------------------------------------
// What a referral earns (issue 33, decisions 119 and 120): the one commission formula. The update
// screen's preview, the referral's feeAmount and the ledger's commission all call commissionFor.
// ---------------------------------------------------------------------------------------------

/** What a referral earns: an amount in minor units of its currency. */
export type Commission = { amountMinor: number; currency: Currency };

/** The connector's cashback (basis points) and where its proposal stands (null: none, it equals the fee). */
export type CashbackTerms = { basisPoints: number; proposal: CashbackProposalStatus | null };

/**
 * The commission a completed referral earns, or null when it earns none:
 * - a flat fee pays its amount in its own currency, whatever the revenue (even none recorded);
 * - a percentage fee pays revenue × the fee, or × the connector's cashback once the business
 *   accepted it as a proposal;
 * - unstructured terms (a free-text fee from before migration 0026 that did not parse) pay the
 *   connector's cashback, as before.
 * Rounded half-up once, straight to the currency's minor units (1,005 JPY at 12.5% = 126 yen).
 * The caller decides whether the referral is completed; this is only the amount (0 when it rounds
 * to nothing; null when a percentage fee has no revenue to apply to).
 */
export function commissionFor(
  terms: FeeTerms | null,
  cashback: CashbackTerms,
  revenueHundredths: number | null,
  revenueCurrency: Currency,
): Commission | null {
  if (terms?.kind === "flat") return terms.amountMinor > 0 ? { amountMinor: terms.amountMinor, currency: terms.currency } : null;
  if (revenueHundredths === null) return null;
  const basisPoints = terms === null || cashback.proposal === "accepted" ? cashback.basisPoints : terms.basisPoints;
  // Zero when it rounds to nothing: the fee says 0, and the ledger records no commission.
  return { amountMinor: commissionMinor(revenueHundredths, basisPoints, revenueCurrency), currency: revenueCurrency };
}

/** A referral's columns that decide what it earns: its frozen fee and the connector's cashback. */
export type EarningColumns = {
  termsFeeKind: FeeKind | null;
  termsFeeBasisPoints: number | null;
  termsFeeAmountMinor: number | null;
  termsFeeCurrency: Currency | null;
  cashbackBasisPoints: number;
  cashbackProposal: CashbackProposalStatus | null;
};

/** commissionFor over a referral's own columns. */
export function referralCommission(r: EarningColumns, revenueHundredths: number | null, revenueCurrency: Currency) {
  const terms = feeTermsOf({
    kind: r.termsFeeKind,
    basisPoints: r.termsFeeBasisPoints,
    amountMinor: r.termsFeeAmountMinor,
    currency: r.termsFeeCurrency,
  });
  return commissionFor(
    terms,
    { basisPoints: r.cashbackBasisPoints, proposal: r.cashbackProposal },
    revenueHundredths,
    revenueCurrency,
  );
}

/**
 * The referral's `feeAmount` (SPEC): the commission in hundredths of the revenue's currency, as the
 * revenue is kept (whole yen for JPY). A flat fee in another currency than the revenue's has no
 * feeAmount (there is no exchange rate here): the ledger holds it in its own currency (decision 119).
 */
export function feeAmountOf(r: EarningColumns, revenueHundredths: number | null, revenueCurrency: Currency): number | null {
  const earned = referralCommission(r, revenueHundredths, revenueCurrency);
  if (!earned || earned.currency !== revenueCurrency) return null;
  return minorToHundredths(earned.amountMinor, earned.currency);
}

/** The percentage a commission is computed with (null for a flat fee), as the commission row records it. */
export function commissionRateOf(r: EarningColumns): number | null {
  if (r.termsFeeKind === "flat") return null;
  if (r.termsFeeKind === "percentage" && r.cashbackProposal !== "accepted") return r.termsFeeBasisPoints;
  return r.cashbackBasisPoints;
}

/** The earning columns of a referral row (what a screen's preview needs, and no more). */
export function earningColumnsOf(r: EarningColumns): EarningColumns {
  return {
    termsFeeKind: r.termsFeeKind,
    termsFeeBasisPoints: r.termsFeeBasisPoints,
    termsFeeAmountMinor: r.termsFeeAmountMinor,
    termsFeeCurrency: r.termsFeeCurrency,
    cashbackBasisPoints: r.cashbackBasisPoints,
    cashbackProposal: r.cashbackProposal,
  };
}
