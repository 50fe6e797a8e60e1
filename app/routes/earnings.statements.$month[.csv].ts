import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isoDay } from "~/components/earnings-format";
import type { Statement } from "~/domain/money/earnings.server";
import { loadStatement } from "~/http/statement.server";
import { csvCell } from "~/utils/csv.server";

/**
 * GET /earnings/statements/{YYYY-MM}.csv?currency=SGD: the printable statement as CSV (issue 17).
 * Summary rows first (statement, connector, month, currency, the balances), a blank row, then one
 * row per entry under its own header row. Amounts are decimal strings with the currency's decimals.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const found = await loadStatement(request, context, params.month);
  if (!found.ok) return plain(400, found.errors.join("\n"));
  const statement = found.statement;
  if (!statement) return plain(404, "Connector profile not found");
  return new Response(statementCsv(statement), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statement-${statement.month}-${statement.currency}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

function plain(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

const STATEMENT_LINE_HEADER = ["Date", "Type", "Referral", "Business", "Payout reference", "Amount", "Currency"];

/**
 * A decimal amount as one quoted cell: a plain number such as "-30.00" is never a formula, so it is
 * not prefixed the way csvCell guards text.
 */
const amountCell = (decimal: string) => `"${decimal}"`;
const row = (cells: string[]) => `${cells.join(",")}\r\n`;

function statementCsv(s: Statement): string {
  const summary: [string, string][] = [
    ["Opening balance", s.openingBalance],
    ["Commissions", s.commissions],
    ["Reversals and adjustments", s.reversalsAndAdjustments],
    ["Payouts", s.payouts],
    ["Closing balance", s.closingBalance],
  ];
  return [
    row([csvCell("Statement"), csvCell("Warm Intros earnings statement")]),
    row([csvCell("Connector"), csvCell(s.connectorName)]),
    row([csvCell("Month"), csvCell(s.month)]),
    row([csvCell("Currency"), csvCell(s.currency)]),
    ...summary.map(([label, amount]) => row([csvCell(label), amountCell(amount)])),
    "\r\n",
    row(STATEMENT_LINE_HEADER.map(csvCell)),
    ...s.lines.map((l) =>
      row([
        csvCell(isoDay(l.occurredAt)),
        csvCell(l.label),
        csvCell(l.referredPersonName),
        csvCell(l.businessName),
        csvCell(l.payoutReference ?? ""),
        amountCell(l.amount),
        csvCell(s.currency),
      ]),
    ),
  ].join("");
}
