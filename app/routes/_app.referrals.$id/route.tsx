import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { statusChangeLabel } from "~/components/connector-view";
import { Icon } from "~/components/icon";
import { referrerName } from "~/components/referral-card";
import { ContactValue, consentLabel } from "~/components/referral-contact";
import type { CorrectionsResult } from "~/components/referral-corrections";
import { CashbackValue, ReferralDecisionItems } from "~/components/referral-decision-details";
import { ReferralWarnings } from "~/components/reputation";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { deferred } from "~/components/ui/deferred";
import { WebsiteLink } from "~/components/website-link";
import { getBusinessForViewer } from "~/domain/businesses/listing.server";
import { earningColumnsOf } from "~/domain/money/commission";
import { toConnectorReputation } from "~/domain/parties/reputation-view.server";
import { requireReferralViewer } from "~/domain/referrals/access.server";
import { connectorMovesOf } from "~/domain/referrals/corrections.server";
import { disputePanel, disputeRowsQuery } from "~/domain/referrals/dispute-panel.server";
import { toReferralDto } from "~/domain/referrals/dto.server";
import { progressMoves } from "~/domain/referrals/lifecycle.server";
import { threadQueries, toThread } from "~/domain/referrals/messages.server";
import { referralHistoryQuery, toHistory } from "~/domain/referrals/referrals.server";
import { referralProgressAction } from "~/http/progress-form.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { AppError, notFoundResponse } from "~/utils/errors.server";
import { positiveIdOrNull } from "~/utils/misc";
import { formatMoney } from "~/utils/money";
import { pageMeta } from "~/utils/page-meta";
import { requireUserWith } from "~/utils/session.server";
import { useTimeZone } from "~/utils/time-zone";
import { CONFIRMATION_INTENT, PROGRESS_INTENT } from "~/validation/referral-page-intents";
import { referralConfirmationAction } from "./confirmation-form.server";
import { isCorrectionIntent, referralCorrectionsAction } from "./corrections-form.server";
import { isDisputeIntent, referralDisputesAction } from "./disputes-form.server";
import { referralThreadAction } from "./messages-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Referral of ${data.referral.referredPersonName} | Warm Intros` : "Referral | Warm Intros");

/** Its connector, the business's owner and team, and platform admins; anyone else gets the 404 page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = positiveIdOrNull(params.id);
  const db = context.db();
  // The conversation rides with the session lookup; its rows are used only once the viewer is let in.
  const { user, results: thread } = await requireUserWith(request, context, (viewer) => threadQueries(db, viewer, id ?? 0));
  if (id === null) throw notFoundResponse();
  const viewer = await requireReferralViewer(db, user, id).catch((error) => {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse();
    throw error;
  });
  const referral = toReferralDto(viewer.row, user);
  // Its history and disputes in one batch, beside the business: the page's two round trips after the viewer's.
  const [[historyRows, disputeRows], business] = await Promise.all([
    db.batch([referralHistoryQuery(db, id), disputeRowsQuery(db, id)]),
    getBusinessForViewer(db, user, referral.businessId),
  ]);
  const history = toHistory(historyRows);
  const disputes = disputePanel(user, viewer, disputeRows, history);
  // The connector's moves before consent, as the lifecycle allows them now (issue 33, part 3).
  const moves = viewer.role === "connector" ? connectorMovesOf(user, viewer.row) : [];
  // A seat of the business gets Update Referral's form here too, the lifecycle deciding its moves.
  const seat = viewer.role === "owner" || viewer.role === "admin" || viewer.role === "member" ? viewer.role : null;
  const progress = seat
    ? {
        r: {
          ...referral,
          connectorReputation: toConnectorReputation(viewer.row),
          earning: earningColumnsOf(viewer.row.referral),
        },
        moves: progressMoves(user, viewer.row, seat),
      }
    : null;
  return { referral, role: viewer.role, history, business, thread: toThread(viewer, thread), moves, progress, disputes };
}

/**
 * The conversation's forms (a new message, marking it read: referral-messages-form.server) and the
 * connector's before consent (correct, resend, withdraw: referral-corrections-form.server).
 */
export async function action(args: ActionFunctionArgs) {
  const intent = await args.request
    .clone()
    .formData()
    .then((form) => form.get("intent"))
    .catch(() => null);
  // The confirmation form (decision 128), the connector's corrections (decision 126), or the conversation's.
  if (intent === CONFIRMATION_INTENT) return referralConfirmationAction(args);
  if (isCorrectionIntent(intent)) return referralCorrectionsAction(args);
  // A connector's dispute and the business's answer (issue 38, decision 194).
  if (isDisputeIntent(intent)) return referralDisputesAction(args);
  if (intent === PROGRESS_INTENT)
    return referralProgressAction(args, (id) => `/referrals/${id}`, positiveIdOrNull(args.params.id) ?? 0);
  return referralThreadAction(args);
}

// Each viewer's forms hydrate after the page (decision 198), and only the forms that viewer has.
const ProgressForm = deferred(() => import("~/components/referral-progress-form").then((m) => m.ProgressForm));
const ReferralCorrections = deferred(() => import("~/components/referral-corrections").then((m) => m.ReferralCorrections));
const ReferralThread = deferred(() => import("~/components/referral-thread").then((m) => m.ReferralThread));
const ReferralDisputes = deferred(() => import("~/components/referral-disputes").then((m) => m.ReferralDisputes));

const BACK = {
  connector: { to: "/", label: "Back to Dashboard" },
  platformAdmin: { to: "/admin", label: "Back to Admin Dashboard" },
  admin: { to: "/business/referrals", label: "Back to Incoming Referrals" },
  owner: { to: "/business/referrals", label: "Back to Incoming Referrals" },
  member: { to: "/business/referrals", label: "Back to Incoming Referrals" },
} as const;

function Item({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

/** A card of the referral's facts, two columns wide on larger screens. */
function FactsCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>
      </CardContent>
    </Card>
  );
}

export default function ReferralDetails() {
  const tz = useTimeZone();
  const { referral: r, role, history, business, thread, moves, progress, disputes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as
    | (CorrectionsResult & { intent?: string; result?: { error?: Record<string, string[] | null> } })
    | undefined;
  const last = actionData as CorrectionsResult | undefined;
  const confirmationError = actionData?.intent === CONFIRMATION_INTENT ? actionData.result?.error?.[""]?.[0] : undefined;
  const back = BACK[role];
  const notRecorded = <span className="text-muted-foreground">Not recorded yet</span>;
  return (
    <section className="grid gap-6">
      <div className="grid gap-3">
        <Link to={back.to} className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
          <Icon name="arrow-left" className="h-4 w-4" />
          {back.label}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-bold tracking-tight">{r.referredPersonName}</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              Referred to {r.businessName} on {formatDate(r.createdAt, tz)}
            </p>
            {role !== "connector" ? <ReferralWarnings referral={r} /> : null}
          </div>
          <StatusBadge status={r.status} rejectionReason={r.rejectionReason} />
        </div>
      </div>

      {moves.includes("confirm") ? (
        <Card data-testid="confirmation-card" className="border-amber-300 bg-amber-50/60 dark:bg-amber-950/20">
          <CardHeader>
            <CardTitle className="text-base">Awaiting your confirmation</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>
              {r.businessName} recorded that you introduced {r.referredPersonName} to them. It counts as your referral, and{" "}
              {r.referredPersonName} is asked to agree to the introduction, only once you confirm it. If you did not introduce
              them, disown it: the referral is closed and their details are erased.
            </p>
            {confirmationError ? (
              <p role="alert" className="text-destructive">
                {confirmationError}
              </p>
            ) : null}
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="intent" value={CONFIRMATION_INTENT} />
              <Button type="submit" name="decision" value="confirm">
                Confirm I introduced them
              </Button>
              <Button type="submit" variant="outline" name="decision" value="disown">
                I did not introduce them
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <FactsCard title="Referral">
            <Item label="Referred Person">{r.referredPersonName}</Item>
            <Item label="Email">
              <ContactValue r={r} kind="email" />
            </Item>
            <Item label="Phone">
              <ContactValue r={r} kind="phone" className="hover:underline" />
            </Item>
            <Item label="Consent">{consentLabel(r.consentStatus)}</Item>
            <Item label="Cashback">
              <CashbackValue r={r} />
            </Item>
            <Item label="Created">{formatDate(r.createdAt, tz)}</Item>
            <Item label="Referrer">
              <span className="inline-flex items-center gap-1.5">
                <Icon
                  name={r.connectorAccountType === "business" ? "building-2" : "user"}
                  className="h-4 w-4 shrink-0 text-muted-foreground"
                  label={r.connectorAccountType === "business" ? "Business referrer" : "Individual referrer"}
                />
                {referrerName(r)}
              </span>
            </Item>
            {role !== "connector" && (r.connectorEmail || r.connectorPhone) ? (
              <Item label="Referrer Contact">
                <span className="grid gap-1">
                  {r.connectorEmail ? (
                    <a href={`mailto:${r.connectorEmail}`} className="break-all hover:underline">
                      {r.connectorEmail}
                    </a>
                  ) : null}
                  {r.connectorPhone ? (
                    <a href={`tel:${r.connectorPhone}`} className="hover:underline">
                      {r.connectorPhone}
                    </a>
                  ) : null}
                </span>
              </Item>
            ) : null}
            {r.registeredBy === "business" ? (
              <Item label="Registered By" wide>
                {r.businessName}
                {r.connectorConfirmation === "awaiting"
                  ? `, awaiting ${role === "connector" ? "your" : `${r.connectorName}'s`} confirmation`
                  : ""}
              </Item>
            ) : null}
            {/* A business's registration carries the business's words, never the connector's (decision 128). */}
            <Item label={r.registeredBy === "business" ? `Notes from ${r.businessName}` : "Notes"} wide>
              {r.notes ? (
                <span className="whitespace-pre-line">{r.notes}</span>
              ) : (
                <span className="text-muted-foreground">None</span>
              )}
            </Item>
          </FactsCard>

          <ReferralCorrections referral={r} moves={moves} last={last} />

          {progress ? (
            <Card data-testid="progress-card">
              <CardHeader>
                <CardTitle className="text-base">Update Progress</CardTitle>
              </CardHeader>
              <CardContent>
                {progress.moves.statuses.length > 0 ? (
                  <ProgressForm
                    key={`${r.id}-${r.updatedAt}`}
                    r={progress.r}
                    moves={progress.moves}
                    lastResult={
                      actionData?.intent === PROGRESS_INTENT ? (actionData.result as SubmissionResult<string[]>) : undefined
                    }
                  />
                ) : (
                  <p className="text-sm text-muted-foreground" data-testid="lifecycle-notice">
                    {progress.moves.blocked}
                  </p>
                )}
              </CardContent>
            </Card>
          ) : null}

          <FactsCard title="Outcome">
            <Item label="Revenue Received">
              {r.revenueReceived === null ? notRecorded : formatMoney(r.revenueReceived, r.revenueCurrency)}
            </Item>
            <Item label="Referral Fee">{r.feeAmount === null ? notRecorded : formatMoney(r.feeAmount, r.revenueCurrency)}</Item>
            <Item label="Status Notes" wide>
              {r.statusNotes ? (
                <span className="whitespace-pre-line">{r.statusNotes}</span>
              ) : (
                <span className="text-muted-foreground">None yet</span>
              )}
            </Item>
            <ReferralDecisionItems r={r} />
          </FactsCard>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">Timeline</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="relative grid gap-5 border-l pl-5" aria-label="Status history" data-testid="referral-timeline">
                {history.map((h) => (
                  <li key={h.id} className="relative">
                    <span
                      aria-hidden="true"
                      className="absolute -left-[1.62rem] top-1 h-3 w-3 rounded-full border-2 border-background bg-primary"
                    />
                    <p className="text-sm font-medium">{statusChangeLabel(h.fromStatus, h.toStatus)}</p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={h.createdAt}>{formatDateTime(h.createdAt, tz)}</time>
                      {h.changedByName ? ` · by ${h.changedByName}` : ""}
                    </p>
                    {h.note ? <p className="mt-1 whitespace-pre-line text-sm">{h.note}</p> : null}
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>

          <ReferralThread referralId={r.id} thread={thread} businessName={r.businessName} viewerSide={thread.side} />

          <ReferralDisputes referralId={r.id} businessName={r.businessName} panel={disputes} />
        </div>

        <Card className="h-fit">
          <CardHeader>
            <CardTitle className="text-base">Business</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex items-start gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                <Icon name="building-2" className="h-5 w-5" />
              </span>
              <div className="min-w-0">
                <p className="font-semibold">{business.companyName}</p>
                {business.sector ? <p className="text-sm text-muted-foreground">{business.sector}</p> : null}
              </div>
            </div>
            <dl className="grid gap-3">
              <Item label="Referral Fee">{business.referralFee}</Item>
              {business.website ? (
                <Item label="Website">
                  <WebsiteLink
                    href={business.website}
                    className="inline-flex items-center gap-1.5 break-all text-primary hover:underline"
                    plain
                  >
                    {business.website}
                  </WebsiteLink>
                </Item>
              ) : null}
              {business.contactVisible ? (
                <Item label="Contact">
                  <span className="grid gap-1">
                    <span className="inline-flex items-center gap-1.5">
                      <Icon name="user-round" className="h-4 w-4 shrink-0 text-muted-foreground" />
                      {business.contactPerson}
                    </span>
                    <a href={`tel:${business.contactPhone}`} className="inline-flex items-center gap-1.5 hover:underline">
                      <Icon name="phone" className="h-4 w-4 shrink-0 text-muted-foreground" />
                      {business.contactPhone}
                    </a>
                    <a
                      href={`mailto:${business.contactEmail}`}
                      className="inline-flex items-center gap-1.5 break-all hover:underline"
                    >
                      <Icon name="mail" className="h-4 w-4 shrink-0 text-muted-foreground" />
                      {business.contactEmail}
                    </a>
                  </span>
                </Item>
              ) : null}
            </dl>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
