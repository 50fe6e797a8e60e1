import type { Currency } from "../../../../db/enums";
import { csvCell } from "../../../utils/csv.server";
import type { PayoutMethodDetails } from "../payout-method-details";

/**
 * A bank or payout service's batch file (issue 38 part 3, decision 188): what a business uploads to
 * pay its connectors in one go. Each format is a pure module from the payable rows and each
 * connector's method on file to CSV text in the service's published column order, every cell
 * formula-safe as every export (csvCell). A connector whose method does not fit the format is left
 * out of the file (these formats allow no comment rows) and named in the result instead.
 */

/** One connector's payable total in one currency, as the generic bulk-payment CSV lists it. */
export type BankFileRow = {
  connectorId: number;
  connectorName: string;
  currency: Currency;
  /** The total as a decimal string with the currency's own decimals ("123.45"; JPY "1200"). */
  amount: string;
  /** The payment's reference, e.g. WI-3-12-20261128. */
  reference: string;
};

export type BankFileEntry = { row: BankFileRow; details: PayoutMethodDetails | null | undefined };

export type BankFileFormat = {
  id: "paypal" | "wise";
  label: string;
  /** The published pages its columns come from (shown in the download's help text). */
  sources: readonly string[];
  /** The header row, or null where the format has none (its first row is the first payment). */
  header: readonly string[] | null;
  /** Whether a file holds one currency only (the download then names it). */
  oneCurrency: boolean;
  /** What a connector needs on file to be in the file, in words ("a PayPal method"). */
  needs: string;
  /** The row's cells in the published order, or null when the connector's method does not fit. */
  cells: (row: BankFileRow, details: PayoutMethodDetails) => readonly string[] | null;
};

export type BankFile = { csv: string; included: BankFileRow[]; leftOut: BankFileRow[] };

const line = (cells: readonly string[]) => `${cells.map((c) => csvCell(c)).join(",")}\r\n`;

/** The file of `format` for these entries: the CSV text, and who is in it and who is left out. */
export function buildBankFile(format: BankFileFormat, entries: readonly BankFileEntry[]): BankFile {
  let csv = format.header ? line(format.header) : "";
  const included: BankFileRow[] = [];
  const leftOut: BankFileRow[] = [];
  for (const { row, details } of entries) {
    const cells = details ? format.cells(row, details) : null;
    if (!cells) {
      leftOut.push(row);
      continue;
    }
    csv += line(cells);
    included.push(row);
  }
  return { csv, included, leftOut };
}
