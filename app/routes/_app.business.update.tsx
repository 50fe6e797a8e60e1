import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";

import { Icon } from "~/components/icon";
import { EmptyState } from "~/components/list-controls";
import { NoBusinessPage } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { referrerName } from "~/components/referral-card";
import { ContactValue, consentLabel } from "~/components/referral-contact";
import { CashbackValue, ReferralDecisionItems } from "~/components/referral-decision-details";
import { ConnectorReputationLine, DisposableEmailBadge } from "~/components/reputation";
import { STATUS_LABELS, StatusBadge } from "~/components/status-badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CurrencyOptions } from "~/components/ui/currency-options";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { commissionRateOf, earningColumnsOf, referralCommission } from "~/domain/money/commission";
import { toConnectorReputation } from "~/domain/parties/reputation-view.server";
import { loadWorkplace } from "~/domain/parties/workplace.server";
import { getReferralRow, requireReferralUpdater } from "~/domain/referrals/access.server";
import { toReferralDto } from "~/domain/referrals/dto.server";
import { previewProposal } from "~/domain/referrals/lifecycle";
import { progressMoves } from "~/domain/referrals/lifecycle.server";
import { listReferralPage } from "~/domain/referrals/list.server";
import { referralHistory, updateReferralProgress } from "~/domain/referrals/referrals.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { cn, formatDate } from "~/utils/misc";
import { formatMinor, formatMoney, toHundredths } from "~/utils/money";
import { requireRegularUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useValidatedForm } from "~/utils/use-lazy-validation";
import { parseWithZod, UpdateProgressSchema } from "~/validation/forms.server";
import { NO_REFERRAL_SELECTED } from "~/validation/messages";
import { REJECTION_REASON_LABELS } from "~/validation/rejection-reasons";
import { BUSINESS_REJECTION_REASONS, CURRENCIES, type Currency, REFERRAL_STATUSES, type ReferralStatus } from "../../db/enums";

/** The referrals the picker lists, newest first; older ones open from Incoming Referrals (`?referral=`). */
const PICKER_LIMIT = 200;

export const meta: MetaFunction = () => [{ title: "Update Referral | Warm Intros" }];

/** Pending reads "Pending Review" on this screen (SPEC section 4). */
const statusLabel = (s: ReferralStatus) => (s === "pending" ? "Pending Review" : STATUS_LABELS[s]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const db = context.db();
  const workplace = await loadWorkplace(db, user);
  if (!workplace) return { business: null };
  const businessId = workplace.business.id;
  const requested = new URL(request.url).searchParams.get("referral");
  const requestedId = requested && /^\d{1,12}$/.test(requested) ? Number(requested) : null;
  const [{ items }, row] = await Promise.all([
    listReferralPage(db, { businessId }, { limit: PICKER_LIMIT, offset: 0 }),
    requestedId ? getReferralRow(db, requestedId) : Promise.resolve(undefined),
  ]);
  // Only this business's referrals: another id looks like it does not exist.
  const selected =
    row && row.referral.businessId === businessId
      ? { ...toReferralDto(row), connectorReputation: toConnectorReputation(row), earning: earningColumnsOf(row.referral) }
      : null;
  const history = selected ? await referralHistory(db, selected.id) : [];
  const moves = selected && row ? progressMoves(user, row, workplace.role) : null;
  const options = items.map((r) => ({
    id: r.id,
    label: `${r.referredPersonName} · ${referrerName(r)} (${statusLabel(r.status)})`,
  }));
  if (selected && !options.some((o) => o.id === selected.id)) {
    options.unshift({
      id: selected.id,
      label: `${selected.referredPersonName} · ${referrerName(selected)} (${statusLabel(selected.status)})`,
    });
  }
  return {
    business: { id: businessId, companyName: workplace.business.companyName },
    options,
    selected,
    moves,
    history,
    notFound: requested !== null && requested !== "" && !selected,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: UpdateProgressSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { referralId, ...progress } = submission.value;
  try {
    const db = context.db();
    await updateReferralProgress(db, user, await requireReferralUpdater(db, user, referralId), progress);
    return redirectWithToast(`/business/update?referral=${referralId}`, request, context, {
      title: "Update sent successfully (connector will be notified)",
    });
  } catch (error) {
    return replyWithError(submission, error, request, context, { toastTitle: "Update failed" });
  }
}

type LoaderData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { options: unknown }>;
type Selected = NonNullable<LoaderData["selected"]>;

function ReferralPicker({ options, selectedId }: { options: LoaderData["options"]; selectedId?: number }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end" onChange={(e) => submit(e.currentTarget)}>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <label htmlFor="referral-picker" className="text-sm font-medium">
          Referral
        </label>
        <select id="referral-picker" name="referral" defaultValue={selectedId ?? ""} className={inputClass}>
          <option value="" disabled>
            {options.length === 0 ? "No referrals received yet" : "Choose a referral"}
          </option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" className={buttonClass("outline")}>
          Show
        </button>
      </noscript>
    </Form>
  );
}

function Detail({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function ReferralSummary({ r }: { r: Selected }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <CardTitle className="truncate">{r.referredPersonName}</CardTitle>
            <CardDescription>Referred by {referrerName(r)}</CardDescription>
            {r.referredPersonEmailDisposable ? <DisposableEmailBadge /> : null}
          </div>
          <span data-testid="current-status">
            <StatusBadge status={r.status} pendingLabel="Pending Review" rejectionReason={r.rejectionReason} />
          </span>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <Detail label="Referred person email" className="col-span-2 sm:col-span-1">
            {r.referredPersonEmail === null ? (
              <ContactValue r={r} kind="email" />
            ) : (
              <a
                href={`mailto:${r.referredPersonEmail}`}
                className="flex min-w-0 items-center gap-1.5 underline-offset-4 hover:underline"
              >
                <Icon name="mail" className="h-3.5 w-3.5 shrink-0" />
                <span className="min-w-0">{r.referredPersonEmail}</span>
              </a>
            )}
          </Detail>
          <Detail label="Referred person phone" className="col-span-2 sm:col-span-1">
            {r.referredPersonPhone === null ? (
              <ContactValue r={r} kind="phone" />
            ) : (
              <a
                href={`tel:${r.referredPersonPhone}`}
                className="flex min-w-0 items-center gap-1.5 underline-offset-4 hover:underline"
              >
                <Icon name="phone" className="h-3.5 w-3.5 shrink-0" />
                <span className="min-w-0">{r.referredPersonPhone}</span>
              </a>
            )}
          </Detail>
          <Detail label="Connector" className="col-span-2">
            {r.connectorName}
            {r.connectorEmail ? <span className="text-muted-foreground"> · {r.connectorEmail}</span> : null}
            {r.connectorPhone ? <span className="text-muted-foreground"> · {r.connectorPhone}</span> : null}
            <ConnectorReputationLine reputation={r.connectorReputation} className="mt-1" />
          </Detail>
          <Detail label="Consent">
            <span data-testid="current-consent">{consentLabel(r.consentStatus)}</span>
          </Detail>
          <Detail label="Cashback">
            <CashbackValue r={r} />
          </Detail>
          <Detail label="Created">{formatDate(r.createdAt)}</Detail>
          <Detail label="Revenue">
            <span className="tabular-nums" data-testid="current-revenue">
              {formatMoney(r.revenueReceived, r.revenueCurrency)}
            </span>
          </Detail>
          <Detail label="Referral Fee">
            <span className="font-semibold tabular-nums" data-testid="current-fee">
              {formatMoney(r.feeAmount, r.revenueCurrency)}
            </span>
          </Detail>
          {r.notes ? (
            <Detail label="Connector's notes" className="col-span-2">
              <span className="whitespace-pre-line">{r.notes}</span>
            </Detail>
          ) : null}
          {r.statusNotes ? (
            <Detail label="Latest update note" className="col-span-2">
              <span className="whitespace-pre-line">{r.statusNotes}</span>
            </Detail>
          ) : null}
          <ReferralDecisionItems r={r} />
        </dl>
      </CardContent>
    </Card>
  );
}

type Moves = NonNullable<LoaderData["moves"]>;

function ProgressForm({ r, moves, lastResult }: { r: Selected; moves: Moves; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { form, fields, formProps } = useValidatedForm("progress", {
    id: `progress-${r.id}`,
    lastResult,
    defaultValue: {
      referralId: String(r.id),
      status: r.status,
      revenueReceived: r.revenueReceived === null ? "" : r.revenueReceived.toFixed(2),
      revenueCurrency: r.revenueCurrency,
      statusNotes: "",
      rejectionReason: r.rejectionReason ?? "",
      cashbackProposal: "",
    },
  });
  const [revenue, setRevenue] = useState(fields.revenueReceived.initialValue ?? "");
  const [currency, setCurrency] = useState<Currency>(CURRENCIES.find((c) => c === fields.revenueCurrency.initialValue) ?? "SGD");
  const [answer, setAnswer] = useState(String(fields.cashbackProposal.initialValue ?? ""));
  const amount = revenue.trim() === "" ? null : Number(revenue);
  // The one commission formula (the lifecycle's), with the proposal as this form would answer it.
  const earning = { ...r.earning, cashbackProposal: previewProposal(r.earning.cashbackProposal, answer) };
  const rate = commissionRateOf(earning);
  const earned =
    amount === null || (Number.isFinite(amount) && amount >= 0)
      ? referralCommission(earning, amount === null ? null : toHundredths(amount), currency)
      : null;
  const feePreview = earned ? formatMinor(earned.amountMinor, earned.currency) : null;
  return (
    <Form method="post" className="grid grid-cols-1 gap-4" {...getFormProps(form)} {...formProps}>
      <input {...getInputProps(fields.referralId, { type: "hidden" })} />
      <FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.referralId.errors ?? [])]} />
      <Field label="Status" meta={fields.status}>
        <select {...getSelectProps(fields.status)} className={inputClass}>
          {REFERRAL_STATUSES.map((s) => (
            <option key={s} value={s} disabled={!moves.statuses.includes(s)}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </Field>
      {moves.blocked ? (
        <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm" data-testid="lifecycle-notice">
          {moves.blocked}
        </p>
      ) : null}
      <Field
        label="Rejection Reason"
        meta={fields.rejectionReason}
        hint='Needed when the status is Rejected; "Other" needs a note. The connector sees it.'
      >
        <select {...getSelectProps(fields.rejectionReason)} className={inputClass}>
          <option value="">Choose a reason</option>
          {BUSINESS_REJECTION_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REJECTION_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid grid-cols-[1fr_7rem] gap-3">
        <Field label="Revenue Received (optional)" meta={fields.revenueReceived}>
          <input
            {...getInputProps(fields.revenueReceived, { type: "number" })}
            step="0.01"
            min="0"
            inputMode="decimal"
            placeholder="0.00"
            onInput={(e) => setRevenue(e.currentTarget.value)}
            className={inputClass}
          />
        </Field>
        <Field label="Currency" meta={fields.revenueCurrency}>
          <select
            {...getSelectProps(fields.revenueCurrency)}
            onInput={(e) => setCurrency(e.currentTarget.value as Currency)}
            className={inputClass}
          >
            <CurrencyOptions />
          </select>
        </Field>
      </div>
      {r.earning.cashbackProposal === "proposed" ? (
        <Field
          label="Cashback Proposal"
          meta={fields.cashbackProposal}
          hint={`${r.connectorName} proposes ${r.cashbackPercentage}% instead of the referral's ${r.termsSnapshot.referralFee}. Until you accept, the referral pays its terms.`}
        >
          <select
            {...getSelectProps(fields.cashbackProposal)}
            onInput={(e) => setAnswer(e.currentTarget.value)}
            className={inputClass}
          >
            <option value="">Decide later (pay the terms)</option>
            <option value="accept">Accept {r.cashbackPercentage}%</option>
            <option value="decline">Decline (pay {r.termsSnapshot.referralFee})</option>
          </select>
        </Field>
      ) : null}
      <p className="rounded-md bg-muted/50 px-3 py-2 text-sm" aria-live="polite" data-testid="fee-preview">
        {rate === null ? "Referral fee (flat)" : `Referral fee at ${rate / 100}%`}:{" "}
        <span className="font-semibold tabular-nums">{feePreview ?? "—"}</span>
      </p>
      <Field
        label="Notes (optional)"
        meta={fields.statusNotes}
        hint="Shared with the connector. Needed to reopen a completed or rejected referral."
      >
        <textarea {...getTextareaProps(fields.statusNotes)} rows={3} className={cn(inputClass, "h-auto")} />
      </Field>
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:justify-self-end">
        {submitting ? "Sending..." : "Send Update"}
      </Button>
    </Form>
  );
}

function HistoryTimeline({ history }: { history: LoaderData["history"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon name="history" className="h-5 w-5" />
          History
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="relative grid gap-4 border-l pl-5" aria-label="Referral history">
          {[...history].reverse().map((h) => (
            <li key={h.id} className="relative" data-testid="history-entry">
              <span className="absolute -left-[1.6rem] top-1 h-2.5 w-2.5 rounded-full bg-primary ring-4 ring-background" />
              <div className="flex flex-wrap items-center gap-2 text-sm">
                {h.fromStatus && h.fromStatus !== h.toStatus ? (
                  <>
                    <StatusBadge status={h.fromStatus} pendingLabel="Pending Review" />
                    <span aria-hidden="true">→</span>
                    <span className="sr-only">to</span>
                  </>
                ) : null}
                <StatusBadge status={h.toStatus} pendingLabel="Pending Review" />
                {h.fromStatus === null ? <span className="text-muted-foreground">Referral created</span> : null}
                {h.fromStatus !== null && h.fromStatus === h.toStatus ? (
                  <span className="text-muted-foreground">Details updated</span>
                ) : null}
              </div>
              <p className="mt-1 text-xs text-muted-foreground">
                {formatDate(h.createdAt)}
                {h.changedByName ? ` · by ${h.changedByName}` : ""}
              </p>
              {h.note ? <p className="mt-1 whitespace-pre-line text-sm">{h.note}</p> : null}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

export default function UpdateReferral() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const header = (
    <PageHeader title="Update Referral" description="Record a referral's status and revenue; the connector is notified." />
  );
  if (!data.business) {
    return <NoBusinessPage header={header} />;
  }
  const { options, selected, history, notFound } = data;
  return (
    <section className="grid grid-cols-1 gap-6">
      <div>
        {header}
        <Card>
          <CardContent className="pt-6">
            <ReferralPicker key={selected?.id ?? "none"} options={options} selectedId={selected?.id} />
          </CardContent>
        </Card>
      </div>
      {selected ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <div className="grid grid-cols-1 content-start gap-6">
            <ReferralSummary r={selected} />
            <HistoryTimeline history={history} />
          </div>
          <Card className="content-start self-start">
            <CardHeader>
              <CardTitle>Update Progress</CardTitle>
              <CardDescription>
                Approving and completing need the referred person's consent. The fee is worked out from the revenue.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {data.moves && data.moves.statuses.length > 0 ? (
                <ProgressForm
                  key={`${selected.id}-${selected.updatedAt}`}
                  r={selected}
                  moves={data.moves}
                  lastResult={actionData?.result}
                />
              ) : (
                <p className="text-sm text-muted-foreground" data-testid="lifecycle-notice">
                  {data.moves?.blocked}
                </p>
              )}
            </CardContent>
          </Card>
        </div>
      ) : (
        <EmptyState
          action={
            <Link to="/business/referrals" className={buttonClass("outline", "sm")}>
              Go to Incoming Referrals
            </Link>
          }
        >
          <span className="block font-medium text-foreground">{NO_REFERRAL_SELECTED}</span>
          {notFound ? "That referral was not found. " : ""}Choose a referral above, or open one from Incoming Referrals.
        </EmptyState>
      )}
    </section>
  );
}
