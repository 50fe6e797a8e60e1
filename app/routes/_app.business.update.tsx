import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { NoBusinessPage } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { referrerName } from "~/components/referral-card";
import { ProgressForm, statusLabel } from "~/components/referral-progress-form";
import { HistoryTimeline, ReferralSummary } from "~/components/referral-update-summary";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field";
import { earningColumnsOf } from "~/domain/money/commission";
import { toConnectorReputation } from "~/domain/parties/reputation-view.server";
import { getReferralRow, requireReferralUpdater } from "~/domain/referrals/access.server";
import { toReferralDto } from "~/domain/referrals/dto.server";
import { progressMoves } from "~/domain/referrals/lifecycle.server";
import { listReferralPage } from "~/domain/referrals/list.server";
import { referralHistory, updateReferralProgress } from "~/domain/referrals/referrals.server";
import { requireWorkplace } from "~/http/workplace-screen.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { pageMeta } from "~/utils/page-meta";
import { requireRegularUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parseWithZod, UpdateProgressSchema } from "~/validation/forms.server";
import { NO_REFERRAL_SELECTED } from "~/validation/messages";

/** The referrals the picker lists, newest first; older ones open from Incoming Referrals (`?referral=`). */
const PICKER_LIMIT = 200;

export const meta: MetaFunction = () => pageMeta("Update Referral | Warm Intros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, db, workplace } = await requireWorkplace(request, context);
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
