import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProfileSetupRequired } from "~/components/create-profile-form";
import { EarningsByState } from "~/components/earnings-by-state";
import {
  commissionStatusLabel,
  currentMonth,
  ledgerDate,
  payoutMethodLabel,
  reversalReasonLabel,
} from "~/components/earnings-format";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/list-controls";
import { PageHeader } from "~/components/page-header";
import { PayoutRequestPanel } from "~/components/payout-request-panel";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { type CardColumn, CardTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Field, inputClass } from "~/components/ui/field";
import { type EarningsData, earningsQueries, statementRequest, toEarnings } from "~/domain/money/earnings.server";
import { payoutRequestPanelQueries, toPayoutRequestPanel } from "~/domain/money/payout-requests.server";
import { payoutRequestAction } from "~/http/payout-request-form.server";
import { readForm } from "~/utils/forms.server";
import { formatMinor } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { requireRegularUser, requireRegularUserWith } from "~/utils/session.server";
import { CURRENCIES } from "../../db/enums";

export const meta: MetaFunction = () => pageMeta("Earnings | Warm Intros");

export const NO_EARNINGS = "No earnings yet. You earn a commission when a business completes your referral with revenue.";
export const NO_PAYOUTS = "No payouts yet.";

/**
 * The connector's Earnings (issue 17 section 3): balances per currency, the commissions behind them,
 * the payouts received and a statement picker. Everything rides with the session lookup (one round
 * trip). The picker is a GET form to this screen, so it works without JavaScript: a valid month and
 * currency redirect to the statement; anything else shows under the field.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.db();
  const url = new URL(request.url);
  // Earnings and the payout-request panel (issue 38 part 2) ride with the session lookup: one round trip.
  const { results } = await requireRegularUserWith(
    request,
    context,
    (viewer) => [...earningsQueries(db, viewer, url), ...payoutRequestPanelQueries(db, viewer)] as const,
  );
  const [profiles, balances, commissions, counted, payouts, ...panel] = results;
  let statementErrors: Record<string, string[]> | null = null;
  if (url.searchParams.has("statementMonth") || url.searchParams.has("statementCurrency")) {
    const picked = statementRequest(url.searchParams.get("statementMonth"), url.searchParams.get("statementCurrency"));
    if (picked.ok) throw redirect(`/earnings/statements/${picked.period.key}?currency=${picked.currency}`);
    statementErrors = picked.errors;
  }
  const base = toEarnings(url, [profiles, balances, commissions, counted, payouts]);
  // Issue 38 part 2: what each business owes, and whether a payout may be requested from it.
  const payoutRequests = base.hasProfile ? toPayoutRequestPanel(panel) : [];
  const earnings = { ...base, statementErrors, thisMonth: currentMonth(), payoutRequests };
  return data(earnings, statementErrors ? { status: 400 } : undefined);
}

/** "Request payout" (a plain POST): the only form of this screen that writes. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRegularUser(request, context);
  return payoutRequestAction(await readForm(request), user, request, context);
}

type Data = SerializeFrom<EarningsData>;
type WithProfile = Extract<Data, { hasProfile: true }>;

function BalanceCards({ balances }: { balances: WithProfile["balances"] }) {
  if (balances.length === 0) return <EmptyState>{NO_EARNINGS}</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Balances by currency">
      {balances.map((b) => (
        <li key={b.currency} className="min-w-0">
          <Card data-testid={`balance-${b.currency}`}>
            <CardHeader className="pb-2">
              <div className="flex items-center justify-between gap-2">
                <CardTitle className="text-base">{b.currency}</CardTitle>
                <Icon name="wallet" className="h-4 w-4 text-muted-foreground" />
              </div>
              <CardDescription>{`Owed to you: ${formatMinor(b.owedMinor, b.currency)}`}</CardDescription>
            </CardHeader>
            <CardContent>
              <EarningsByState balance={b} amountClassName="sm:text-base" />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** What a commission's date column says: when it becomes payable, was paid, or was reversed. */
function commissionWhen(c: Commission) {
  if (c.status === "pending") return `Expected payable ${ledgerDate(c.payableAt)}`;
  if (c.status === "payable") return `Payable since ${ledgerDate(c.payableAt)}`;
  if (c.status === "paid")
    return `Paid ${c.paidAt ? ledgerDate(c.paidAt) : ""}${c.payoutReference ? ` · Ref ${c.payoutReference}` : ""}`;
  return `Reversed ${c.reversedAt ? ledgerDate(c.reversedAt) : ""}: ${reversalReasonLabel(c.reversalReason)}`;
}

type Commission = WithProfile["commissions"][number];

const COMMISSION_COLUMNS: CardColumn<Commission>[] = [
  { label: "Date", className: "whitespace-nowrap", cell: (c) => ledgerDate(c.createdAt) },
  {
    label: "Referral",
    className: "max-w-[14rem] break-words",
    cell: (c) => (
      <>
        <Link to={`/referrals/${c.referralId}`} className="font-medium underline-offset-4 hover:underline">
          {c.referredPersonName}
        </Link>
        {c.kind === "adjustment" ? (
          <span className="block text-xs text-muted-foreground">
            Adjustment: a paid commission clawed back because {reversalReasonLabel(c.reversalReason)}
          </span>
        ) : null}
      </>
    ),
  },
  { label: "Business", className: "max-w-[12rem] break-words", cell: (c) => c.businessName },
  { label: "Status", className: "whitespace-nowrap", cell: (c) => commissionStatusLabel(c.status) },
  {
    label: "Amount",
    align: "right",
    className: "whitespace-nowrap font-medium tabular-nums",
    cell: (c) => formatMinor(c.amountMinor, c.currency),
  },
  { label: "When", cell: commissionWhen },
];

type Payout = WithProfile["payouts"][number];

const PAYOUT_COLUMNS: CardColumn<Payout>[] = [
  { label: "Date", className: "whitespace-nowrap", cell: (p) => ledgerDate(p.paidAt) },
  { label: "Business", className: "max-w-[12rem] break-words", cell: (p) => p.businessName },
  {
    label: "Amount",
    align: "right",
    className: "whitespace-nowrap font-medium tabular-nums",
    cell: (p) => formatMinor(p.amountMinor, p.currency),
  },
  { label: "Method", className: "whitespace-nowrap", cell: (p) => payoutMethodLabel(p.method) },
  { label: "Reference", className: "max-w-[14rem] break-words font-mono text-xs", cell: (p) => p.reference },
];

function CommissionsTable({ data }: { data: WithProfile }) {
  if (data.commissions.length === 0) {
    return data.commissionsTotal === 0 ? (
      <EmptyState>No commissions yet.</EmptyState>
    ) : (
      <EmptyState
        action={
          <Link to="/earnings" className={buttonClass("outline", "sm")}>
            Back to the first page
          </Link>
        }
      >
        There are no commissions on this page.
      </EmptyState>
    );
  }
  return (
    <>
      <CardTable
        label="Commissions"
        minWidth="sm:min-w-[44rem]"
        columns={COMMISSION_COLUMNS}
        rows={data.commissions}
        rowKey={(c) => c.id}
        rowProps={(c) => ({
          "data-testid": "commission-row",
          className: c.status === "reversed" ? "text-muted-foreground" : undefined,
        })}
      />
      <Pagination page={data.page} total={data.commissionsTotal} pageSize={data.pageSize} />
    </>
  );
}

function PayoutsTable({ payouts }: { payouts: WithProfile["payouts"] }) {
  if (payouts.length === 0) return <EmptyState>{NO_PAYOUTS}</EmptyState>;
  return (
    <CardTable
      label="Payouts received"
      minWidth="sm:min-w-[36rem]"
      columns={PAYOUT_COLUMNS}
      rows={payouts}
      rowKey={(p) => p.id}
      rowProps={() => ({ "data-testid": "payout-row" })}
    />
  );
}

/** A statement field's label and messages without Conform: its id, and the messages under `${id}-error`. */
const plainMeta = (id: string, errors: string[] | undefined) => ({ id, errorId: `${id}-error`, errors });

function StatementPicker({
  balances,
  thisMonth,
  errors,
}: {
  balances: WithProfile["balances"];
  thisMonth: string;
  errors: Record<string, string[]> | null;
}) {
  const mine = balances.map((b) => b.currency);
  const others = CURRENCIES.filter((c) => !mine.includes(c));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Monthly statements</CardTitle>
        <CardDescription>
          Opening balance, commissions, reversals and adjustments, payouts and the closing balance for a month (UTC) in one
          currency, as a printable page and as CSV.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form method="get" action="/earnings" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
          <Field label="Month" meta={plainMeta("statement-month", errors?.month)}>
            <input
              id="statement-month"
              name="statementMonth"
              type="month"
              defaultValue={thisMonth}
              placeholder="YYYY-MM"
              className={inputClass}
              aria-invalid={errors?.month ? true : undefined}
              aria-describedby="statement-month-error"
            />
          </Field>
          <Field label="Currency" meta={plainMeta("statement-currency", errors?.currency)}>
            <select
              id="statement-currency"
              name="statementCurrency"
              defaultValue={mine[0] ?? "SGD"}
              className={inputClass}
              aria-invalid={errors?.currency ? true : undefined}
              aria-describedby="statement-currency-error"
            >
              {[...mine, ...others].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit" variant="outline">
            <Icon name="file-text" className="h-4 w-4" />
            View statement
          </Button>
        </Form>
        {mine.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="This month's statements">
            {mine.map((c) => (
              <li key={c} className="flex flex-wrap gap-2">
                <Link to={`/earnings/statements/${thisMonth}?currency=${c}`} className={buttonClass("ghost", "sm")}>
                  This month ({c})
                </Link>
                <a href={`/earnings/statements/${thisMonth}.csv?currency=${c}`} className={buttonClass("ghost", "sm")} download>
                  CSV ({c})
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

export default function Earnings() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section>
      <PageHeader title="Earnings" description="What your referrals have earned, what is owed to you and what has been paid." />
      {data.hasProfile ? (
        <div className="grid gap-8">
          <BalanceCards balances={data.balances} />
          <PayoutRequestPanel rows={data.payoutRequests} problem={actionData?.payoutRequestProblem} />
          <section aria-labelledby="commissions-heading" className="grid gap-3">
            <h2 id="commissions-heading" className="text-lg font-semibold">
              Commissions
            </h2>
            <CommissionsTable data={data} />
          </section>
          <section aria-labelledby="payouts-heading" className="grid gap-3">
            <h2 id="payouts-heading" className="text-lg font-semibold">
              Payouts received
            </h2>
            <PayoutsTable payouts={data.payouts} />
          </section>
          <section aria-labelledby="statements-heading" className="grid gap-3">
            <h2 id="statements-heading" className="text-lg font-semibold">
              Statements
            </h2>
            <StatementPicker balances={data.balances} thisMonth={data.thisMonth} errors={data.statementErrors} />
          </section>
        </div>
      ) : (
        <ProfileSetupRequired before="earn commissions" testId="profile-setup-required" />
      )}
    </section>
  );
}
