import { CURRENCIES, type Currency } from "../../../../db/enums";
import type { Database } from "../../../utils/db.server";
import { badRequest } from "../../../utils/errors.server";
import type { Actor } from "../owed.server";
import { payableCsvRows } from "../owed.server";
import { loadPayingMethods } from "../paying-methods.server";
import { type BankFile, type BankFileEntry, type BankFileFormat, type BankFileRow, buildBankFile } from "./bank-file";
import { PAYPAL_PAYOUTS } from "./paypal-payouts";
import { WISE_BATCH } from "./wise-batch";

/** The batch formats /business/payouts.csv offers besides the generic CSV (decision 188). */
export const BANK_FILE_FORMATS = { paypal: PAYPAL_PAYOUTS, wise: WISE_BATCH } as const;
export type BankFileFormatId = keyof typeof BANK_FILE_FORMATS;

export const UNKNOWN_FORMAT = "Unknown format: choose generic, paypal or wise";
export const oneCurrencyNeeded = (format: BankFileFormat) =>
  `A ${format.label} file holds one currency: add currency=SGD (or another of ${CURRENCIES.join(", ")})`;

/** The format a download asks for (`?format=`, and `?currency=` for a one-currency format); 400 otherwise. */
export function bankFileRequest(url: URL): { format: BankFileFormat; currency: Currency | null } | null {
  const id = url.searchParams.get("format");
  if (id === null || id === "generic") return null;
  const format = BANK_FILE_FORMATS[id as BankFileFormatId];
  if (!format || !Object.hasOwn(BANK_FILE_FORMATS, id)) throw badRequest(UNKNOWN_FORMAT);
  const currency = url.searchParams.get("currency");
  if (currency !== null && !CURRENCIES.includes(currency as Currency)) throw badRequest(oneCurrencyNeeded(format));
  if (format.oneCurrency && currency === null) throw badRequest(oneCurrencyNeeded(format));
  return { format, currency: currency as Currency | null };
}

/**
 * Each row with its connector's default method for the row's currency, read (unsealed) for the
 * paying business only, every currency in one query: the caller is its owner or a team admin (the
 * payouts screen checked it).
 */
async function withMethods(db: Database, businessId: number, rows: readonly BankFileRow[]): Promise<BankFileEntry[]> {
  const methods = await loadPayingMethods(db, businessId, rows);
  return rows.map((row) => ({ row, details: methods.get(row.currency)?.get(row.connectorId)?.details }));
}

/** The bank file of `format` for what the business owes now (owner and team admins; a member 403). */
export async function businessBankFile(
  db: Database,
  actor: Actor,
  businessId: number,
  { format, currency }: { format: BankFileFormat; currency: Currency | null },
): Promise<BankFile> {
  // payableCsvRows checked the manager and read each row's method (one query): its details are the file's.
  const rows = (await payableCsvRows(db, actor, businessId)).filter((r) => currency === null || r.currency === currency);
  return buildBankFile(
    format,
    rows.map(({ details, ...row }) => ({ row, details })),
  );
}

/** One download link of the payouts page, with who its file leaves out (no fitting method on file). */
export type BankFileLink = {
  format: BankFileFormatId;
  label: string;
  currency: Currency | null;
  href: string;
  included: number;
  leftOut: string[];
  needs: string;
  sources: readonly string[];
};

/**
 * The page's bank-file links, from the owed groups the screen already read (the viewer is checked):
 * PayPal per currency (one currency per file), Wise one file; each with who it leaves out.
 */
export async function bankFileLinks(
  db: Database,
  businessId: number,
  groups: readonly { connectorId: number; connectorName: string; currency: Currency; payableMinor: number }[],
): Promise<BankFileLink[]> {
  const rows: BankFileRow[] = groups
    .filter((g) => g.payableMinor > 0)
    .map((g) => ({
      connectorId: g.connectorId,
      connectorName: g.connectorName,
      currency: g.currency,
      amount: "",
      reference: "",
    }));
  if (rows.length === 0) return [];
  const entries = await withMethods(db, businessId, rows);
  const link = (id: BankFileFormatId, currency: Currency | null): BankFileLink => {
    const format = BANK_FILE_FORMATS[id];
    const file = buildBankFile(
      format,
      entries.filter((e) => currency === null || e.row.currency === currency),
    );
    const query = currency ? `?format=${id}&currency=${currency}` : `?format=${id}`;
    return {
      format: id,
      label: currency ? `${format.label} (${currency})` : format.label,
      currency,
      href: `/business/payouts.csv${query}`,
      included: file.included.length,
      leftOut: file.leftOut.map((r) => (currency ? r.connectorName : `${r.connectorName} (${r.currency})`)),
      needs: format.needs,
      sources: format.sources,
    };
  };
  const currencies = CURRENCIES.filter((c) => rows.some((r) => r.currency === c));
  return [...currencies.map((c) => link("paypal", c)), link("wise", null)];
}
