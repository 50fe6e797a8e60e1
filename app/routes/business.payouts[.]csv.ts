import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { bankFileRequest, businessBankFile } from "~/domain/money/bank-files/bank-files.server";
import { payableCsvRows } from "~/domain/money/owed.server";
import { loadWorkplace } from "~/domain/parties/workplace.server";
import { csvResponse } from "~/utils/csv.server";
import { AppError, notFound } from "~/utils/errors.server";
import { requireRegularUser } from "~/utils/session.server";
import { PAYOUT_METHOD_KIND_LABELS } from "~/validation/payout-method-kinds";

const plain = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /business/payouts.csv: what is payable now, one row per connector and currency, for a bank's
 * bulk upload (owner and team admins; a member gets 403). Amounts carry the currency's own decimals.
 * `?format=paypal&currency=SGD` or `?format=wise` answers that service's batch file instead
 * (decision 188): only connectors with a fitting method on file are in it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const db = context.db();
  const date = new Date().toISOString().slice(0, 10);
  let rows: Awaited<ReturnType<typeof payableCsvRows>>;
  try {
    // Without a business the answer is a plain 404, as the screen's is, never a thrown error (a 500).
    const workplace = await loadWorkplace(db, user);
    if (!workplace) throw notFound("Business profile not found");
    const bank = bankFileRequest(new URL(request.url));
    if (bank) {
      const file = await businessBankFile(db, user, workplace.business.id, bank);
      const name = `${bank.format.id}-payouts${bank.currency ? `-${bank.currency}` : ""}-${date}.csv`;
      return new Response(file.csv, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${name}"`,
          "Cache-Control": "no-store",
        },
      });
    }
    rows = await payableCsvRows(db, user, workplace.business.id);
  } catch (error) {
    if (error instanceof AppError) return plain(error.message, error.status);
    throw error;
  }
  return csvResponse<(typeof rows)[number]>(
    `payouts-${date}.csv`,
    [
      { header: "Connector name", value: (r) => r.connectorName },
      { header: "Connector email", value: (r) => r.connectorEmail },
      { header: "Currency", value: (r) => r.currency },
      { header: "Amount", value: (r) => r.amount },
      { header: "Commission ids", value: (r) => r.commissionIds },
      { header: "Reference", value: (r) => r.reference },
      // The connector's default payout method for the currency, whole: this is the bank file (issue 38).
      { header: "Payout method", value: (r) => (r.method ? PAYOUT_METHOD_KIND_LABELS[r.method.kind] : "") },
      { header: "Account holder", value: (r) => r.method?.accountHolder ?? "" },
      { header: "Account or proxy", value: (r) => r.method?.account ?? "" },
      { header: "Bank", value: (r) => r.method?.bank ?? "" },
      { header: "SWIFT/BIC", value: (r) => r.method?.swiftBic ?? "" },
      { header: "Country", value: (r) => r.method?.country ?? "" },
    ],
    async (limit, offset) => rows.slice(offset, offset + limit),
  );
}
