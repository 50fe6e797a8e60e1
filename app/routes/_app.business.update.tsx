import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { Icon } from "~/components/icon";
import { NoBusinessPage } from "~/components/no-business";
import { PageHeader } from "~/components/page-header";
import { referrerName } from "~/components/referral-card";
import { HistoryTimeline, ReferralSummary, statusLabel } from "~/components/referral-update-summary";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { deferred } from "~/components/ui/deferred";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/input-class";
import { earningColumnsOf } from "~/domain/money/commission";
import { toConnectorReputation } from "~/domain/parties/reputation-view.server";
import { getReferralRow } from "~/domain/referrals/access.server";
import { type ReferralDto, toReferralDto } from "~/domain/referrals/dto.server";
import { progressMoves } from "~/domain/referrals/lifecycle.server";
import { listReferralPage } from "~/domain/referrals/list.server";
import { referralHistory } from "~/domain/referrals/referrals.server";
import { referralProgressAction } from "~/http/progress-form.server";
import { requireWorkplace } from "~/http/workplace-screen.server";
import { formatDate } from "~/utils/dates";
import { cn } from "~/utils/misc";
import { pageMeta } from "~/utils/page-meta";
import { useTimeZone } from "~/utils/time-zone";
import { NO_REFERRAL_SELECTED } from "~/validation/messages";

/** The referrals the picker lists, newest first; older ones open from Incoming Referrals (`?referral=`). */
const PICKER_LIMIT = 200;

// The form hydrates after the page (decision 198): the page itself is the picker and the summary.
const ProgressForm = deferred(() => import("~/components/referral-progress-form").then((m) => m.ProgressForm));

export const meta: MetaFunction = () => pageMeta("Update Referral | Warm Intros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, db, workplace } = await requireWorkplace(request, context);
  if (!workplace) return { business: null };
  const businessId = workplace.business.id;
  const url = new URL(request.url);
  // `referral` is the SPEC's View Details link (and the mails'); `referralId` is read as its synonym.
  const requested = url.searchParams.get("referral") || url.searchParams.get("referralId");
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
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
  // What tells two referrals apart (issue 37 item 2): the person, their email once shared, the
  // connector, the status and the day it came in. A search narrows the list without JavaScript too.
  const all = items.map(toPickerOption);
  const options = search ? all.filter((o) => matchesSearch(o, search)) : all;
  if (selected && !options.some((o) => o.id === selected.id)) options.unshift(toPickerOption(selected));
  return {
    business: { id: businessId, companyName: workplace.business.companyName },
    options,
    selected,
    moves,
    history,
    search,
    notFound: requested !== null && requested !== "" && !selected,
  };
}

type PickerOption = ReturnType<typeof toPickerOption>;
function toPickerOption(
  r: Pick<ReferralDto, "id" | "referredPersonName" | "referredPersonEmail" | "status" | "createdAt"> &
    Parameters<typeof referrerName>[0],
) {
  return {
    id: r.id,
    person: r.referredPersonName,
    email: r.referredPersonEmail,
    referrer: referrerName(r),
    status: r.status,
    createdAt: r.createdAt,
  };
}

function matchesSearch(o: Pick<PickerOption, "person" | "email" | "referrer">, needle: string) {
  const n = needle.toLowerCase();
  return [o.person, o.email ?? "", o.referrer].some((v) => v.toLowerCase().includes(n));
}

/** The progress form's POST (app/http/progress-form.server), back here after a saved update. */
export const action = (args: ActionFunctionArgs) => referralProgressAction(args, (id) => `/business/update?referral=${id}`);

/** One option's text: everything that tells it from its neighbours. */
function optionLabel(o: PickerOption, tz: string) {
  return [o.person, o.email, o.referrer, statusLabel(o.status), formatDate(o.createdAt, tz)].filter(Boolean).join(" · ");
}

/**
 * The referral selector: a search box that narrows the list as you type (and, without JavaScript,
 * on Show), and the list itself; choosing a referral opens it.
 */
function ReferralPicker({ options, selectedId, search }: { options: PickerOption[]; selectedId?: number; search: string }) {
  const submit = useSubmit();
  const tz = useTimeZone();
  const [needle, setNeedle] = useState(search);
  const shown = needle.trim() ? options.filter((o) => o.id === selectedId || matchesSearch(o, needle.trim())) : options;
  return (
    <Form
      method="get"
      className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end"
      onChange={(e) => {
        if ((e.target as HTMLElement).id === "referral-picker") submit(e.currentTarget);
      }}
    >
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor="referral-search" className="text-sm font-medium">
          Search referrals
        </label>
        <input
          id="referral-search"
          name="q"
          type="search"
          defaultValue={search}
          placeholder="Name, email or connector"
          autoComplete="off"
          aria-controls="referral-picker"
          onInput={(e) => setNeedle(e.currentTarget.value)}
          className={inputClass}
        />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor="referral-picker" className="text-sm font-medium">
          Referral
        </label>
        <select id="referral-picker" name="referral" defaultValue={selectedId ?? ""} className={cn(inputClass, "truncate")}>
          <option value="">
            {options.length === 0
              ? search
                ? "No referrals match your search"
                : "No referrals received yet"
              : "Choose a referral"}
          </option>
          {shown.map((o) => (
            <option key={o.id} value={o.id}>
              {optionLabel(o, tz)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass("outline")}>
        Show
      </button>
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
  const { options, selected, history, notFound, search } = data;
  return (
    <section className="grid grid-cols-1 gap-6">
      <div>
        {header}
        <Card>
          <CardContent className="pt-6">
            <ReferralPicker key={selected?.id ?? "none"} options={options} selectedId={selected?.id} search={search} />
          </CardContent>
        </Card>
      </div>
      {selected ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <div className="grid grid-cols-1 content-start gap-6">
            <ReferralSummary r={selected} />
            <Link
              to={`/referrals/${selected.id}`}
              className={cn(buttonClass("outline", "sm"), "justify-self-start")}
              data-testid="open-referral-page"
            >
              <Icon name="arrow-right" className="h-4 w-4" />
              Open referral page
            </Link>
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
