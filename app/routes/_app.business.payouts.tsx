import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { NoBusinessPage, WorkplaceHeader } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { PayingMethod } from "~/components/paying-method";
import { PayoutRequestsList } from "~/components/payout-requests-list";
import { PAYOUT_SETTINGS_FORM_ID, PayoutSettingsCard } from "~/components/payout-settings-card";
import { BankFileLinks } from "~/components/payouts/bank-file-links";
import { PayoutConfirmation, type PayoutReviewed } from "~/components/payouts/payout-confirmation";
import { PayoutVoidCell, voidFormId } from "~/components/payouts/void-payout";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { type CardColumn, CardTable } from "~/components/ui/data-table";
import { Field, FieldErrors, FormError, InputField, inputClass } from "~/components/ui/field";
import { bankFileLinks } from "~/domain/money/bank-files/bank-files.server";
import type { OwedGroup } from "~/domain/money/owed.server";
import type { PayingMethodView } from "~/domain/money/payout-gate.server";
import { RECORDED_AS } from "~/domain/money/payout-method-details";
import { voidable, voidPayout } from "~/domain/money/payout-voids.server";
import { payoutsScreen, recordPayout, reviewPayout } from "~/domain/money/payouts.server";
import { loadWorkplace } from "~/domain/parties/workplace.server";
import { payoutSettingsAction } from "~/http/payout-settings-form.server";
import { formatDay } from "~/utils/dates";
import { AppError } from "~/utils/errors.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { formatMinor } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { requireRegularUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PayoutFormSchema, PayoutVoidFormSchema, parseWithZod } from "~/validation/forms.server";
import { PAYOUT_METHOD_LABELS, PAYOUTS_MANAGERS_ONLY } from "~/validation/payout-methods";
import { PAYOUT_METHODS } from "../../db/enums";

export const meta: MetaFunction = () => pageMeta("Payouts | Warm Intros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const screen = await payoutsScreen(context.db(), user);
  // A team member reaches the screen by URL only: the page says why there is nothing here.
  if (screen.business && !screen.allowed) return data(screen, { status: 403 });
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  if (!screen.allowed) return { ...screen, today };
  // Which payouts may still be voided (decision 187): the void form shows on those rows only.
  const history = screen.history.map((p) => ({ ...p, voidable: !p.voidedAt && voidable(new Date(p.createdAt), now) }));
  // The bank files' links, each with who it leaves out (decision 188).
  const bankFiles = await bankFileLinks(context.db(), screen.business.id, screen.owed);
  return { ...screen, history, bankFiles, today };
}

/** Which group's form an answer belongs to. */
const formIdOf = (connectorId: number | string, currency: string) => `payout-${connectorId}-${currency}`;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRegularUser(request, context);
  const formData = await readForm(request);
  if (formData.get("intent") === "payout-settings") return payoutSettingsAction(formData, user, request, context);
  if (formData.get("intent") === "void") return voidAction(request, context, user, formData);
  const formId = formIdOf(String(formData.get("connectorId") ?? ""), String(formData.get("currency") ?? ""));
  const submission = parseWithZod(formData, { schema: PayoutFormSchema });
  if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });
  const db = context.db();
  try {
    const workplace = await loadWorkplace(db, user);
    if (!workplace) throw new AppError(404, "Business profile not found");
    const { intent, ...input } = submission.value;
    // The first post shows what will be marked paid; only the confirmation's post writes (decision 187).
    if (intent === "review") {
      const checked = await reviewPayout(db, user, { ...input, businessId: workplace.business.id });
      const reviewed: PayoutReviewed = {
        commissionIds: checked.commissionIds,
        amountMinor: checked.amountMinor,
        method: input.method,
        reference: input.reference,
        paidAt: String(formData.get("paidAt") ?? "").trim(),
      };
      return { formId, result: undefined, reviewed };
    }
    const payout = await recordPayout(db, user, { ...input, businessId: workplace.business.id });
    return redirectWithToast("/business/payouts", request, context, {
      title: "Payout recorded",
      description: `${formatMinor(payout.amountMinor, payout.currency)} paid, reference ${payout.reference}.`,
    });
  } catch (error) {
    const reply = await replyWithError(submission, error, request, context, { toastTitle: "Failed to record payout" });
    return data({ formId, result: reply.data.result as SubmissionResult<string[]> }, reply.init ?? undefined);
  }
}

/** The void form of a history row (decision 187): the owner or a team admin, within 7 days, with a reason. */
async function voidAction(
  request: Request,
  context: ActionFunctionArgs["context"],
  user: Awaited<ReturnType<typeof requireRegularUser>>,
  formData: FormData,
) {
  const formId = voidFormId(String(formData.get("payoutId") ?? ""));
  const submission = parseWithZod(formData, { schema: PayoutVoidFormSchema });
  if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });
  try {
    const payout = await voidPayout(context.db(), user, submission.value.payoutId, { reason: submission.value.reason });
    return redirectWithToast("/business/payouts", request, context, {
      title: "Payout voided",
      description: `${formatMinor(payout.amountMinor, payout.currency)} (reference ${payout.reference}) is payable again.`,
    });
  } catch (error) {
    const reply = await replyWithError(submission, error, request, context, { toastTitle: "Failed to void payout" });
    return data({ formId, result: reply.data.result as SubmissionResult<string[]> }, reply.init ?? undefined);
  }
}

type Payout = NonNullable<SerializeFrom<typeof loader>["history"]>[number];

const HISTORY_COLUMNS: CardColumn<Payout>[] = [
  { label: "Date", className: "whitespace-nowrap", cell: (p) => formatDay(p.paidAt) },
  { label: "Connector", className: "break-words", cell: (p) => p.connectorName },
  {
    label: "Amount",
    align: "right",
    className: "whitespace-nowrap font-medium tabular-nums",
    cell: (p) => formatMinor(p.amountMinor, p.currency),
  },
  { label: "Method", className: "whitespace-nowrap", cell: (p) => PAYOUT_METHOD_LABELS[p.method] },
  { label: "Reference", className: "break-all", cell: (p) => p.reference },
  { label: "Status", className: "min-w-[12rem]", cell: (p) => <VoidCell payout={p} /> },
];

function VoidCell({ payout }: { payout: Payout }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.formId === voidFormId(payout.id) ? actionData.result : undefined;
  return <PayoutVoidCell payout={payout} lastResult={lastResult} />;
}

export default function PayoutsScreen() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const settingsResult = actionData?.formId === PAYOUT_SETTINGS_FORM_ID ? actionData.result : undefined;
  const header = (
    <PageHeader
      title="Payouts"
      description="What you owe your connectors, per connector and currency, and the payments you have recorded."
      actions={
        data.business && data.allowed ? (
          <a href="/business/payouts.csv" className={buttonClass("outline")} download>
            <Icon name="download" className="h-4 w-4" />
            Download CSV for bulk payment
          </a>
        ) : null
      }
    />
  );
  if (!data.business) return <NoBusinessPage header={header} />;
  if (!data.allowed) {
    return (
      <section>
        {header}
        <p role="alert" className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          {PAYOUTS_MANAGERS_ONLY}
        </p>
      </section>
    );
  }
  const { business, owed, history, today, requests, payoutSettings, bankFiles } = data;
  return (
    <section className="grid min-w-0 grid-cols-1 gap-6">
      <WorkplaceHeader header={header} role={business.role} companyName={business.companyName}>
        <p className="text-sm text-muted-foreground">
          New commissions become payable {business.holdDays === 0 ? "at once" : `${business.holdDays} days after completion`}{" "}
          (your hold period).
        </p>
      </WorkplaceHeader>

      <PayoutRequestsList requests={requests} />
      <BankFileLinks links={bankFiles} />

      <div className="grid grid-cols-1 gap-4">
        <h2 className="text-lg font-semibold">Owed to connectors</h2>
        {owed.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Nothing is owed right now.
          </p>
        ) : (
          owed.map((group) => <OwedCard key={formIdOf(group.connectorId, group.currency)} group={group} today={today} />)
        )}
      </div>

      <div className="grid grid-cols-1 gap-3">
        <h2 className="text-lg font-semibold">Payout history</h2>
        {history.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No payouts recorded yet.
          </p>
        ) : (
          <CardTable
            label="Payout history"
            columns={HISTORY_COLUMNS}
            rows={history}
            rowKey={(p) => p.id}
            rowProps={() => ({ "data-testid": "payout-row" })}
          />
        )}
      </div>

      <PayoutSettingsCard settings={payoutSettings} lastResult={settingsResult} />
    </section>
  );
}

function OwedCard({ group, today }: { group: OwedGroup & { payingMethod: PayingMethodView }; today: string }) {
  const id = formIdOf(group.connectorId, group.currency);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("connectorId") === String(group.connectorId);
  const [form, fields] = useForm<{ commissionIds: string[]; paidAt: string; method: string; reference: string }>({
    id,
    lastResult: actionData?.formId === id ? actionData.result : undefined,
    // The method on file says how it will be paid; the owner can still choose another.
    defaultValue: { paidAt: today, method: RECORDED_AS[group.payingMethod.details?.kind ?? "bank_transfer"] },
    shouldRevalidate: "onBlur",
  });
  const label = `${group.connectorName}, ${group.currency}`;
  const reviewed = actionData?.formId === id && "reviewed" in actionData ? actionData.reviewed : undefined;
  return (
    <Card data-testid="owed-group">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className="min-w-0 break-words">{group.connectorName}</span>
          <span className="tabular-nums">{formatMinor(group.payableMinor, group.currency)}</span>
        </CardTitle>
        <CardDescription className="break-words">
          {group.connectorEmail ?? "No email on file"} · payable now in {group.currency}
          {group.pendingMinor !== 0 ? ` · ${formatMinor(group.pendingMinor, group.currency)} pending` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <PayingMethod method={group.payingMethod} currency={group.currency} />
        {reviewed ? (
          <PayoutConfirmation group={group} reviewed={reviewed} />
        ) : group.payableItems.length > 0 ? (
          <Form method="post" className="grid gap-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="review" />
            <input type="hidden" name="connectorId" value={group.connectorId} />
            <input type="hidden" name="currency" value={group.currency} />
            <FormError id={form.errorId} errors={form.errors} />
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Payable now</legend>
              {group.payableItems.map((item) => (
                <label key={item.commissionId} className="flex items-start gap-3 rounded-md border p-2 text-sm">
                  <input
                    type="checkbox"
                    name={fields.commissionIds.name}
                    value={item.commissionId}
                    defaultChecked
                    className="mt-0.5 h-4 w-4 shrink-0"
                    aria-label={`${item.kind === "adjustment" ? "Adjustment" : "Commission"} ${item.commissionId} for ${item.referredPersonName}`}
                  />
                  <span className="min-w-0 flex-1 break-words">
                    {item.referredPersonName}
                    {item.kind === "adjustment" ? (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                        Adjustment
                      </span>
                    ) : null}
                    <span className="block text-xs text-muted-foreground">
                      {item.kind === "adjustment"
                        ? `Claws back commission ${item.adjustsCommissionId} (paid, then reversed)`
                        : `Commission ${item.commissionId} · payable since ${formatDay(item.payableAt)}`}
                    </span>
                  </span>
                  <span className="shrink-0 tabular-nums">{formatMinor(item.amountMinor, group.currency)}</span>
                </label>
              ))}
              <FieldErrors id={fields.commissionIds.errorId} errors={fields.commissionIds.errors} />
            </fieldset>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <InputField label="Date paid" meta={fields.paidAt} type="date" max={today} />
              <Field label="Method" meta={fields.method}>
                <select {...getSelectProps(fields.method)} className={inputClass}>
                  {PAYOUT_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {PAYOUT_METHOD_LABELS[m]}
                    </option>
                  ))}
                </select>
              </Field>
              <InputField label="Reference" meta={fields.reference} type="text" autoComplete="off" maxLength={100} />
            </div>
            <Button
              type="submit"
              disabled={submitting}
              className="w-full sm:w-auto sm:justify-self-start"
              aria-label={`Record payout to ${label}`}
            >
              <Icon name="wallet" className="h-4 w-4" />
              Record payout
            </Button>
          </Form>
        ) : null}
        {group.pendingItems.length > 0 ? (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">Pending (in the hold period)</h3>
            <ul className="grid gap-2">
              {group.pendingItems.map((item) => (
                <li
                  key={item.commissionId}
                  className="flex items-start justify-between gap-3 rounded-md border border-dashed p-2 text-sm"
                >
                  <span className="min-w-0 break-words">
                    {item.referredPersonName}
                    <span className="block text-xs text-muted-foreground">{`Payable from ${formatDay(item.payableAt)}`}</span>
                  </span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">
                    {formatMinor(item.amountMinor, group.currency)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
