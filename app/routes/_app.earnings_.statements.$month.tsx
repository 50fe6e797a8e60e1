import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ledgerDate, monthTitle } from "~/components/earnings-format";
import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { type CardColumn, CardTable } from "~/components/ui/data-table";
import { loadStatement } from "~/http/statement.server";
import { cn } from "~/utils/misc";
import { formatMinor } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data?.statement ? `Statement ${data.statement.month} ${data.statement.currency} | Warm Intros` : "Statement | Warm Intros",
  );

export const NO_LINES = "No entries this month.";
export const BAD_STATEMENT = "There is no such statement.";

/** The month next to `month` ("2026-11" and -1 is "2026-10"). */
function shiftMonth(month: string, by: number) {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1 + by, 1)).toISOString().slice(0, 7);
}

/**
 * A connector's monthly statement in one currency (issue 17 section 3), printable on A4: the
 * statement's reads ride with the session lookup. A bad month or currency is a 400 page naming it.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const found = await loadStatement(request, context, params.month);
  if (!found.ok) return data({ statement: null, hasProfile: true, errors: found.errors }, { status: 400 });
  return { statement: found.statement, hasProfile: found.statement !== null, errors: [] as string[] };
}

/** A4 with 15mm margins; the app's sidebar and top bar are hidden in print (print:hidden in the shell). */
const PRINT_CSS = "@page { size: A4; margin: 15mm } @media print { html, body { background: #fff; } }";

const td = "px-2 py-1.5 align-top";

type Line = NonNullable<SerializeFrom<typeof loader>["statement"]>["lines"][number];

/** The entries' columns; `money` formats an amount in the statement's currency. */
const lineColumns = (money: (minor: number) => string): CardColumn<Line>[] => [
  { label: "Date", className: "whitespace-nowrap", cell: (l) => ledgerDate(l.occurredAt) },
  { label: "Type", cell: (l) => l.label },
  { label: "Referral", className: "break-words", cell: (l) => l.referredPersonName },
  { label: "Business", className: "break-words", cell: (l) => l.businessName },
  { label: "Reference", className: "break-words font-mono text-xs", cell: (l) => l.payoutReference ?? "" },
  { label: "Amount", align: "right", className: "whitespace-nowrap tabular-nums", cell: (l) => money(l.amountMinor) },
];

export default function StatementPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.statement) {
    return (
      <section className="max-w-2xl">
        <h1 className="mb-4 text-2xl font-bold tracking-tight">Statement</h1>
        <Card>
          <CardHeader>
            <CardTitle>{data.hasProfile ? BAD_STATEMENT : "Profile Setup Required"}</CardTitle>
            <CardDescription role={data.errors.length ? "alert" : undefined}>
              {data.hasProfile ? data.errors.join(" ") : "You need a connector profile before you have statements."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/earnings" className={buttonClass("outline")}>
              <Icon name="arrow-left" className="h-4 w-4" />
              Back to Earnings
            </Link>
          </CardContent>
        </Card>
      </section>
    );
  }
  const s = data.statement;
  const money = (minor: number) => formatMinor(minor, s.currency);
  const last = new Date(new Date(s.periodEnd).getTime() - 1).toISOString();
  const summary = [
    ["Opening balance", s.openingBalanceMinor],
    ["Commissions", s.commissionsMinor],
    ["Reversals and adjustments", s.reversalsAndAdjustmentsMinor],
    ["Payouts", s.payoutsMinor],
  ] as const;
  return (
    <article className="mx-auto max-w-4xl text-sm print:max-w-none print:text-[10pt]" data-testid="statement">
      <style>{PRINT_CSS}</style>
      <nav aria-label="Statement actions" className="mb-4 flex flex-wrap gap-2 print:hidden">
        <Link to="/earnings" className={buttonClass("outline", "sm")}>
          <Icon name="arrow-left" className="h-4 w-4" />
          Back to Earnings
        </Link>
        <a href={`/earnings/statements/${s.month}.csv?currency=${s.currency}`} className={buttonClass("outline", "sm")} download>
          <Icon name="download" className="h-4 w-4" />
          Download CSV
        </a>
        <Link
          to={`/earnings/statements/${shiftMonth(s.month, -1)}?currency=${s.currency}`}
          className={buttonClass("ghost", "sm")}
        >
          Previous month
        </Link>
        <Link to={`/earnings/statements/${shiftMonth(s.month, 1)}?currency=${s.currency}`} className={buttonClass("ghost", "sm")}>
          Next month
        </Link>
      </nav>
      <header className="mb-4 flex flex-wrap items-end justify-between gap-2 border-b pb-3">
        <div>
          <p className="text-xs uppercase tracking-wide text-muted-foreground">Warm Intros · Earnings statement</p>
          <h1 className="text-2xl font-bold tracking-tight">
            {monthTitle(s.month)} · {s.currency}
          </h1>
          <p className="text-muted-foreground">
            {s.connectorName} · {ledgerDate(s.periodStart)} to {ledgerDate(last)} (UTC)
          </p>
        </div>
      </header>
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-5 print:grid-cols-5" aria-label="Summary">
        {summary.map(([label, minor]) => (
          <div key={label} className="rounded-md border p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">{money(minor)}</dd>
          </div>
        ))}
        <div className="col-span-2 rounded-md border-2 border-foreground/60 p-2 sm:col-span-1 print:col-span-1">
          <dt className="text-xs text-muted-foreground">Closing balance</dt>
          <dd className="font-bold tabular-nums" data-testid="closing-balance">
            {money(s.closingBalanceMinor)}
          </dd>
        </div>
      </dl>
      <h2 className="mb-2 text-base font-semibold">Entries</h2>
      {s.lines.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-muted-foreground">{NO_LINES}</p>
      ) : (
        <CardTable
          label="Statement entries"
          compact
          minWidth="sm:min-w-[36rem] print:min-w-0"
          className="print:overflow-visible print:border-0"
          columns={lineColumns(money)}
          rows={s.lines}
          rowKey={(l) => l.entryId}
          rowProps={() => ({ "data-testid": "statement-line", className: "break-inside-avoid" })}
          footer={
            <tr className="border-t-2">
              <td className={cn(td, "font-semibold")} colSpan={5}>
                Closing balance
              </td>
              <td data-label="Amount" className={cn(td, "whitespace-nowrap text-right font-bold tabular-nums")}>
                {money(s.closingBalanceMinor)}
              </td>
            </tr>
          }
        />
      )}
      <p className="mt-4 text-xs text-muted-foreground">
        Amounts in {s.currency}. The closing balance is what was owed to you at the end of the month: the opening balance plus
        commissions, less reversals, adjustments and payouts.
      </p>
    </article>
  );
}
